import type { FieldIssues } from "../domain/forms/form.machine";
import type { LeadFormKind } from "../domain/forms/lead-forms.settings";

/** The server found problems in the fields: the form shows them (the form machine's FormRejection). */
export interface LeadFormRejection {
  readonly kind: "invalid";
  readonly issues: FieldIssues;
}

/** The fields a signed-in visitor's account already knows, for a form to start with. */
export interface ContactDetails {
  readonly email: string;
  readonly name?: string;
  readonly surname?: string;
  readonly phone?: string;
  readonly birthdate?: string;
  readonly address?: string;
}

/**
 * Browser side (the site, or a kiosk): sends a lead form's payload. Resolves once the server has
 * stored it; rejects with a LeadFormRejection for problems in the fields, with anything else
 * otherwise. The same `idempotencyKey` on a retry never stores twice.
 */
export interface LeadFormsClient {
  submit(kind: LeadFormKind, payload: unknown, options: { readonly idempotencyKey: string }): Promise<{ readonly id: string }>;
  /** The signed-in visitor's known fields; null when no one is signed in. */
  contactDetails(): Promise<ContactDetails | null>;
}
