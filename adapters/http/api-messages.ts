/**
 * Every text key the site's API may give as an error's message. The server can only name these
 * (its types say so); the browser's API client shows only these, anything else as the generic
 * error. Listed here, beside the client, so that every page that calls the API is sent their
 * texts (the build finds the keys a page's code holds).
 */
export const API_MESSAGES = [
  "feedback.error.generic",
  "feedback.error.notFound",
  "feedback.error.busy",
  "feedback.error.payloadTooLarge",
  "feedback.error.unsupportedMediaType",
  "feedback.error.formSubmitFailed",
  "feedback.error.tooManySubmissions",
  "account.error.emailNotVerified",
  "account.error.tooManyRequests",
  "account.error.wrongPassword",
  "tickets.error.soldOut",
  "tickets.error.notOnSale",
  "tickets.error.holdExpired",
  "tickets.error.extendFailed",
  "tickets.error.codeClaimed",
  "tickets.error.unknownCode",
  "tickets.error.overLimit",
  "validation.cv.unsupported",
  "validation.cv.tooLarge",
  "validation.form.incomplete",
  "newsletter.invalidLink",
] as const;

export type ApiMessage = (typeof API_MESSAGES)[number];

const KNOWN: ReadonlySet<string> = new Set(API_MESSAGES);

export function isApiMessage(message: unknown): message is ApiMessage {
  return typeof message === "string" && KNOWN.has(message);
}
