import type { CheckInCounts, StaffEventsAnswer, SyncCheckInsAnswer } from "../domain/check-in/check-in.schema";
import type { EventPack } from "../domain/check-in/event-pack.schema";
import { endpoint } from "./endpoint";

/** The door kiosks' check-ins (issue 54): door staff's only; visitors get 404. */
export const base = "/api/check-ins";

/** The published events this member of staff checks in (`?locale=`). */
export const staffEvents = /* @__PURE__ */ endpoint<StaffEventsAnswer>()({ method: "GET", path: "/api/check-ins/events" });

/** What a kiosk needs to decide alone: the keys and every ticket with its state and first use. */
export const pack = /* @__PURE__ */ endpoint<EventPack>()({ method: "GET", path: "/api/check-ins/events/:eventId/pack" });

/** A device's check-ins, each answered with its verdict (the first to arrive wins), and the counts. */
export const sync = /* @__PURE__ */ endpoint<SyncCheckInsAnswer>()({
  method: "POST",
  path: "/api/check-ins/events/:eventId/check-ins",
  body: () => import("../domain/check-in/check-in.schema").then((schemas) => schemas.SyncCheckInsBody),
});

/** Check-ins per gate and in total. */
export const counts = /* @__PURE__ */ endpoint<CheckInCounts>()({ method: "GET", path: "/api/check-ins/events/:eventId/counts" });
