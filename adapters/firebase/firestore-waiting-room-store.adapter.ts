import { randomInt, randomUUID } from "node:crypto";
import type { Firestore } from "firebase-admin/firestore";
import { advanceFrontier, countSpans, emptyFrontier, frontierIsFresh, type WaitingRoomFrontier, type WaitingRoomStorePort } from "../../core";

export const WAITING_ROOMS_COLLECTION = "waitingRooms";
/** gRPC's ALREADY_EXISTS: what `create` rejects with for a document that is there. */
const ALREADY_EXISTS = 6;

export interface FirestoreWaitingRoomStoreOptions {
  readonly firestore: Firestore;
  /** Another collection name (tests keep runs apart this way). */
  readonly collection?: string;
  /**
   * Index lanes per room (see below); an advance counts each. Firestore takes about 500 writes/s
   * into one range of an index that grows in order: the lanes spread arrivals over that many.
   */
  readonly lanes?: number;
}

/**
 * WaitingRoomStorePort on Firestore, for every instance together (issue 51). Each room is one
 * document, `waitingRooms/{room}`, whose one field is the frontier as JSON (one index entry, read
 * whole by a poll); each arrival is a document of its own in `arrivals`, so no document takes more
 * than its one write (an account's arrival is `account:{uid}`, created once). Positions grow with
 * time, so arrivals carry a random `lane` and are counted by aggregation per lane and span of
 * positions (the composite index `arrivals (lane, position)` in firestore.indexes.json): an advance
 * is a transaction that reads the frontier and `lanes` counts, and writes the frontier once.
 */
export function createFirestoreWaitingRoomStore({ firestore, collection = WAITING_ROOMS_COLLECTION, lanes = 8 }: FirestoreWaitingRoomStoreOptions): WaitingRoomStorePort {
  const room = (roomId: string) => firestore.collection(collection).doc(roomId);
  const arrivals = (roomId: string) => room(roomId).collection("arrivals");
  const frontierIn = (snapshot: FirebaseFirestore.DocumentSnapshot, settings: { saleStartsAt: number }): WaitingRoomFrontier => {
    const json = snapshot.get("frontier") as string | undefined;
    return json ? (JSON.parse(json) as WaitingRoomFrontier) : emptyFrontier(settings);
  };

  return {
    async arrive({ roomId, position, accountId }) {
      const document = arrivals(roomId).doc(accountId === undefined ? randomUUID() : `account:${accountId}`);
      try {
        await document.create({ position, lane: randomInt(lanes) });
        return { outcome: "arrived", position };
      } catch (error) {
        if (!(typeof error === "object" && error !== null && "code" in error && error.code === ALREADY_EXISTS)) throw error;
        return { outcome: "already-queued", position: (await document.get()).get("position") as number };
      }
    },
    async frontier(roomId, settings) {
      return frontierIn(await room(roomId).get(), settings);
    },
    async advance(roomId, settings, options) {
      return firestore.runTransaction(async (transaction) => {
        const frontier = frontierIn(await transaction.get(room(roomId)), settings);
        if (frontierIsFresh(frontier, options.now)) return frontier;
        const counted = await Promise.all(
          countSpans(frontier, options.now, settings).map(async (span) => {
            const perLane = await Promise.all(
              Array.from({ length: lanes }, async (_, lane) => {
                const query = arrivals(roomId).where("lane", "==", lane).where("position", ">=", span.from).where("position", "<", span.to).count();
                return (await transaction.get(query)).data().count;
              }),
            );
            return { ...span, count: perLane.reduce((sum, each) => sum + each, 0) };
          }),
        );
        const next = advanceFrontier(frontier, counted, { ...options, saleStartsAt: settings.saleStartsAt });
        transaction.set(room(roomId), { frontier: JSON.stringify(next) });
        return next;
      });
    },
  };
}
