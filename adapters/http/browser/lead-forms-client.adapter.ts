import { fieldIssuesOf, type ContactDetails, type LeadFormsClient } from "../../../core";
import { LEAD_FORM_API_MESSAGES } from "../lead-form-api-messages";
import type { ApiClient } from "./api-client.adapter";
import { ApiError } from "./api-error";

/**
 * LeadFormsClient on the site's API (/api/forms/{kind}): the API client's retries (5xx, 408, 429
 * and the network, with the same Idempotency-Key each time), and a 422's issues as the fields'.
 */
export function createLeadFormsClient(api: ApiClient): LeadFormsClient {
  return {
    async submit(kind, payload, { idempotencyKey }) {
      try {
        return await api.request<{ id: string }>(`/api/forms/${kind}`, { method: "POST", body: payload, idempotencyKey, messages: LEAD_FORM_API_MESSAGES });
      } catch (error) {
        if (error instanceof ApiError && error.status === 422 && error.code === "unprocessable" && error.issues.length > 0) {
          throw { kind: "invalid", issues: fieldIssuesOf(error.issues) };
        }
        throw error;
      }
    },
    async contactDetails() {
      // 204 (no one signed in) has no body: the client answers undefined.
      return (await api.request<ContactDetails | undefined>("/api/account/contact-details")) ?? null;
    },
  };
}
