import { Schema } from "effect";
import { CheckInCounts, checkInsApi, endpointPath, EventPack, StaffEventsAnswer, SyncCheckInsAnswer, type DeviceCheckIn, type LocaleCode } from "../../../core";
import type { ApiClient } from "./api-client.adapter";
import { ApiError } from "./api-error";

/** What a door kiosk asks of the site's API (issue 54), each answer decoded by the core's schemas. */
export interface CheckInsClient {
  /** The events this member of staff checks in; null when the session is not door staff (signed out, or no role). */
  staffEvents(locale: LocaleCode): Promise<StaffEventsAnswer["events"] | null>;
  pack(eventId: string): Promise<EventPack>;
  sync(eventId: string, checkIns: readonly DeviceCheckIn[]): Promise<SyncCheckInsAnswer>;
  counts(eventId: string): Promise<CheckInCounts>;
}

/**
 * CheckInsClient on the kiosks' endpoints as the core declares them (`checkInsApi`), with the site's session cookie. A sync may be retried: every
 * check-in carries its id, which the server answers again as it did the first time.
 */
export function createCheckInsClient(api: ApiClient): CheckInsClient {
  return {
    async staffEvents(locale) {
      try {
        return Schema.decodeUnknownSync(StaffEventsAnswer)(await api.request(endpointPath(checkInsApi.staffEvents, {}, { locale }))).events;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    pack: async (eventId) => Schema.decodeUnknownSync(EventPack)(await api.request(endpointPath(checkInsApi.pack, { eventId }))),
    sync: async (eventId, checkIns) =>
      Schema.decodeUnknownSync(SyncCheckInsAnswer)(await api.request(endpointPath(checkInsApi.sync, { eventId }), { method: checkInsApi.sync.method, body: { checkIns }, idempotencyKey: checkIns[0]?.checkInId })),
    counts: async (eventId) => Schema.decodeUnknownSync(CheckInCounts)(await api.request(endpointPath(checkInsApi.counts, { eventId }))),
  };
}
