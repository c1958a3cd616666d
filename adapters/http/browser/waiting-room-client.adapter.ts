import { Schema } from "effect";
import { WaitingRoomAnswer, type WaitingRoomClient } from "../../../core";
import type { ApiClient } from "./api-client.adapter";

const decodeAnswer = Schema.decodeUnknownSync(WaitingRoomAnswer);

/** WaitingRoomClient on the site's API (/api/waiting-room); the place itself stays in the server's HttpOnly cookie. */
export function createWaitingRoomClient(api: ApiClient): WaitingRoomClient {
  const room = (slug: string) => `/api/waiting-room/events/${encodeURIComponent(slug)}`;
  return {
    join: async (slug) => decodeAnswer(await api.request(`${room(slug)}/arrivals`, { method: "POST" })),
    standing: async (slug) => decodeAnswer(await api.request(room(slug))),
  };
}
