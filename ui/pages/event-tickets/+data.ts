// The ticket page shows the same event as the event page.
export { data } from "../event/+data";
export type { Data } from "../event/+data";
