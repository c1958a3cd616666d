/** What a call to this site's API failed with: the answer's status and problem code, or the network. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number | undefined,
    readonly code: string,
    message: string,
    readonly retryAfterMs?: number,
    /** Where the payload was wrong (a 422's issues: a dotted path and a message key). */
    readonly issues: readonly { readonly path: string; readonly message: string }[] = [],
  ) {
    super(message);
  }
}
