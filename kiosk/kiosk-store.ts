import type { DeviceCheckIn, EventPack, FirstUse } from "../core";

/** A check-in this device made, and the server's word on it once synced. */
export interface KeptCheckIn {
  readonly checkIn: DeviceCheckIn;
  readonly eventId: string;
  /** The ticket's code, for staff to read in a conflict. */
  readonly code: string;
  readonly verdict: "pending" | "admitted" | "duplicate";
  /** For a duplicate: where and when the ticket was first used. */
  readonly firstUse?: FirstUse;
}

export interface KioskStore {
  pack(eventId: string): Promise<EventPack | undefined>;
  keepPack(pack: EventPack): Promise<void>;
  checkIns(eventId: string): Promise<KeptCheckIn[]>;
  keep(checkIn: KeptCheckIn): Promise<void>;
  /** This device's id, made once and kept. */
  deviceId(): Promise<string>;
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/**
 * The kiosk's IndexedDB (issue 54): the event packs, every check-in the device made with its
 * verdict, and the device's id, so that a kiosk that restarts offline keeps deciding as before.
 */
export async function openKioskStore(name = "arena-kiosk"): Promise<KioskStore> {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore("packs", { keyPath: "eventId" });
    db.createObjectStore("checkIns", { keyPath: "checkIn.checkInId" }).createIndex("eventId", "eventId");
    db.createObjectStore("settings");
  };
  const db = await request(open);
  const store = (name: string, mode: IDBTransactionMode = "readonly") => db.transaction(name, mode).objectStore(name);
  return {
    pack: (eventId) => request(store("packs").get(eventId) as IDBRequest<EventPack | undefined>),
    keepPack: async (pack) => void (await request(store("packs", "readwrite").put(pack))),
    checkIns: (eventId) => request(store("checkIns").index("eventId").getAll(eventId) as IDBRequest<KeptCheckIn[]>),
    keep: async (checkIn) => void (await request(store("checkIns", "readwrite").put(checkIn))),
    async deviceId() {
      const kept = (await request(store("settings").get("deviceId"))) as string | undefined;
      if (kept) return kept;
      const made = `kiosk-${crypto.randomUUID()}`;
      await request(store("settings", "readwrite").put(made, "deviceId"));
      return made;
    },
  };
}
