import { NEWSLETTER_FORM } from "../lead-form/forms/newsletter.form";
import { LeadForm } from "../lead-form/LeadForm";

/** The footer's newsletter subscription: a module of its own, loaded with the form's code after the page's, fields and words included. */
export function FooterNewsletterForm() {
  return <LeadForm form={NEWSLETTER_FORM} id="newsletter-form" layout="inline" />;
}
