import type { AccountApiMessage } from "./account-api-messages";
import type { EditorSignInApiMessage } from "./editor-api-messages";
import type { LeadFormApiMessage } from "./lead-form-api-messages";

/**
 * The text keys any call to the site's API may be answered with (the shared middlewares' refusals).
 * The browser's API client shows these, and those its caller names for the call (an area's list
 * beside this one), anything else as the generic error. Each list is a module of its own, imported
 * by the code that makes those calls: a page is sent the texts of the calls its code makes (the
 * build finds the keys a page's code holds), not every area's.
 */
export const API_MESSAGES = [
  "feedback.error.generic",
  "feedback.error.notFound",
  "feedback.error.busy",
  "feedback.error.payloadTooLarge",
  "feedback.error.unsupportedMediaType",
] as const;

/**
 * Keys the browser tells by the answer's code or status instead (no list at run time, so no page
 * is sent them for it): the ticket purchase's refusals (the purchase shows its failure's own text,
 * core/domain/tickets/ticket-purchase.settings.ts), the CV upload's, and the newsletter link that
 * is no longer good (its pages name the message themselves).
 */
type TicketApiMessage =
  | "tickets.error.soldOut"
  | "tickets.error.notOnSale"
  | "tickets.error.holdExpired"
  | "tickets.error.extendFailed"
  | "tickets.error.unknownCode"
  | "tickets.error.overLimit"
  | "tickets.error.overBuyerLimit"
  | "tickets.error.buyerLimitReached"
  | "tickets.error.tooManyHolds"
  | "waitingRoom.error.notAdmitted"
  | "waitingRoom.error.tooManyArrivals";
type UploadApiMessage = "validation.cv.unsupported" | "validation.cv.tooLarge" | "validation.cv.busy";
type NewsletterApiMessage = "newsletter.confirm.invalidLink" | "newsletter.unsubscribe.invalidLink";

/** Every key the server may name as an error's message. */
export type ApiMessage =
  | (typeof API_MESSAGES)[number]
  | LeadFormApiMessage
  | AccountApiMessage
  | EditorSignInApiMessage
  | TicketApiMessage
  | UploadApiMessage
  | NewsletterApiMessage;

const COMMON: ReadonlySet<string> = new Set(API_MESSAGES);

/** Whether `message` is one of the common keys or of those the call names (`callMessages`). */
export function isApiMessage(message: unknown, callMessages: readonly string[] = []): message is ApiMessage {
  return typeof message === "string" && (COMMON.has(message) || callMessages.includes(message));
}
