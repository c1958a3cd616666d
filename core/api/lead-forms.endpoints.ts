import type { ContactDetails } from "../ports/lead-forms-client.port";
import { endpoint } from "./endpoint";

/** The lead forms (contact, hospitality, newsletter, job application), and a CV sent ahead of its application. */
export const base = "/api/forms";

/**
 * A form's JSON, with an Idempotency-Key: 201 once stored (200 for a repeat). `kind` is a
 * LeadFormKind; the kind's own schema decodes the body in the core's lead intake, so none is
 * declared here.
 */
export const submit = /* @__PURE__ */ endpoint<{ readonly id: string }, unknown>()({ method: "POST", path: "/api/forms/:kind" });

/** A CV as the raw body, its name in X-File-Name (percent-encoded): 201. Mounted at its own path, with its own body limit. */
export const upload = /* @__PURE__ */ endpoint<{ readonly id: string; readonly name: string; readonly size: number; readonly kind: string }>()({
  method: "POST",
  path: "/api/forms/uploads",
});

/** The signed-in user's known contact fields, for a form to prefill; 204 (no body) when no one is signed in. Mounted at its own path. */
export const contactDetails = /* @__PURE__ */ endpoint<ContactDetails | undefined>()({ method: "GET", path: "/api/account/contact-details" });
