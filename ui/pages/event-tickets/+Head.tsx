import { useData } from "vike-react/useData";
import { WAITING_ROOM } from "../../../core";
import type { Data } from "./+data";

/** Issue 51: a place in the queue, without JavaScript, is kept up to date by the page refreshing itself. */
export default function Head() {
  const { queue } = useData<Data>();
  if (queue?.answer.status !== "waiting") return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(WAITING_ROOM.refreshSeconds)} />
    </noscript>
  );
}
