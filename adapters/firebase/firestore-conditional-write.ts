import type { DocumentData, DocumentReference, DocumentSnapshot } from "firebase-admin/firestore";

/** gRPC codes of a write whose precondition failed: the document was created, or changed, since it was read. */
const ALREADY_EXISTS = 6;
const FAILED_PRECONDITION = 9;

/** Whether a write was refused for its precondition: a `create` of a document that is there, an `update` of one changed since its read. */
export function isPreconditionFailure(error: unknown): boolean {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  return code === ALREADY_EXISTS || code === FAILED_PRECONDITION;
}

/** What to make of a document as read: the fields to write (none: leave it), and the answer. */
export interface ConditionalWrite<Result> {
  readonly write?: DocumentData;
  readonly result: Result;
}

export type ConditionalWriteOutcome<Result> = { readonly outcome: "decided"; readonly result: Result } | { readonly outcome: "contended" };

/**
 * Reads a document and writes what `decide` makes of it, on condition that no one wrote it in
 * between: `create` where there was none, `update` with the read's update time otherwise. No
 * transaction, so no lock for other instances to queue on (the Admin SDK's transactions lock what
 * they read). When another writer came first, it reads again, after a short random wait that
 * grows, up to `attempts` times; then it answers "contended", having written nothing.
 */
export async function writeUnlessChanged<Result>(
  ref: DocumentReference,
  decide: (snapshot: DocumentSnapshot) => ConditionalWrite<Result> | Promise<ConditionalWrite<Result>>,
  attempts = 20,
): Promise<ConditionalWriteOutcome<Result>> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    const snapshot = await ref.get();
    const { write, result } = await decide(snapshot);
    if (!write) return { outcome: "decided", result };
    try {
      if (snapshot.exists) await ref.update(write, { lastUpdateTime: snapshot.updateTime! });
      else await ref.create(write);
      return { outcome: "decided", result };
    } catch (error) {
      if (!isPreconditionFailure(error)) throw error;
    }
  }
  return { outcome: "contended" };
}
