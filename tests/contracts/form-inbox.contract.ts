import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormInboxPort, LeadFormKind, LeadSubmission } from "../../core";

/*
 * The form inbox's contract (core/ports/form-inbox.port.ts), through the port only. A runner
 * supplies the store: SQLite (embedded) or Firestore (production). Each run works in a time window
 * and on ids of its own, so a store shared between runs (an emulator) needs no cleaning.
 */

export interface FormInboxFixture {
  readonly port: FormInboxPort;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why this runner cannot run here; printed, and the suite is skipped. */
  readonly skip?: string;
}

let made = 0;
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${++made}`;

// A window of this run's own, far from any other run's.
const base = Date.UTC(2100 + Math.floor(Math.random() * 800), 0, 1);
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

function submissionOf(kind: LeadFormKind, minutes: number, changes: Partial<LeadSubmission> = {}): LeadSubmission {
  return {
    id: unique("lead"),
    kind,
    fields: { name: "Ana", surname: "García Puig", email: "ana@example.com", message: "Hola", privacyPolicy: true },
    consents: [{ kind: "privacyPolicy", textVersion: "2026-01", acceptedAt: at(minutes) }],
    locale: "val",
    submittedAt: at(minutes),
    userId: null,
    idempotencyKey: unique("key"),
    fingerprint: unique("fingerprint"),
    ...changes,
  };
}

export function formInboxContract(name: string, makeFixture: () => Promise<FormInboxFixture>, options: ContractOptions = {}): void {
  if (options.skip !== undefined) {
    console.warn(`[contract] ${name}: skipped, ${options.skip}`);
    describe.skip(`${name} (skipped: ${options.skip})`, () => {
      it("fulfils the form inbox's contract", () => {});
    });
    return;
  }

  describe(`${name} fulfils the form inbox's contract`, () => {
    let fixture: FormInboxFixture;
    let port: FormInboxPort;
    beforeAll(async () => {
      fixture = await makeFixture();
      port = fixture.port;
    });
    afterAll(() => fixture?.close());

    it("keeps a submission exactly as it was given", async () => {
      const submission = submissionOf("hospitality", 1, {
        fields: {
          name: "Zoë 𝒜nna",
          message: "<script>alert(1)</script>\n' OR 1=1 --\n\u202Eevil\u0000?",
          cif: "B12345674",
          communication: true,
          marketing: false,
          empty: "",
        },
        userId: "user-1",
        locale: "en",
      });
      expect(await port.store(submission)).toEqual({ outcome: "stored", submission });
      expect(await port.find(submission.id)).toEqual(submission);
    });

    it("answers null for a submission it does not have", async () => {
      expect(await port.find(unique("missing"))).toBeNull();
    });

    it("answers a repeat with the first submission, and refuses a key sent again with other fields", async () => {
      const first = submissionOf("contact", 2);
      await port.store(first);
      const repeat = { ...first, id: unique("lead"), submittedAt: at(3) };
      expect(await port.store(repeat)).toEqual({ outcome: "repeat", submission: first });
      expect(await port.store({ ...repeat, fingerprint: unique("other") })).toEqual({ outcome: "key-reused" });
      expect(await port.find(repeat.id)).toBeNull();
    });

    it("keeps keys apart per kind of form", async () => {
      const contact = submissionOf("contact", 4);
      const newsletter = submissionOf("newsletter", 4, { idempotencyKey: contact.idempotencyKey });
      expect((await port.store(contact)).outcome).toBe("stored");
      expect((await port.store(newsletter)).outcome).toBe("stored");
    });

    it("stores one submission when one key arrives many times at once", async () => {
      const first = submissionOf("job-application", 5);
      const attempts = Array.from({ length: 50 }, () => ({ ...first, id: unique("lead") }));
      const outcomes = await Promise.all(attempts.map((attempt) => port.store(attempt)));
      const stored = outcomes.filter((outcome) => outcome.outcome === "stored");
      expect(stored).toHaveLength(1);
      const winner = stored[0]!.outcome === "stored" ? stored[0]!.submission.id : "";
      for (const outcome of outcomes) expect(outcome.outcome === "key-reused" ? "" : outcome.submission.id).toBe(winner);
    });

    it("lists by kind and time, oldest first, since inclusive and until exclusive", async () => {
      const window = (minutes: number) => at(10_000 + minutes);
      const early = submissionOf("contact", 10_001);
      const middle = submissionOf("hospitality", 10_002);
      const late = submissionOf("contact", 10_003);
      for (const submission of [late, early, middle]) await port.store(submission);

      expect((await port.list({ since: window(1), until: window(4) })).map((s) => s.id)).toEqual([early.id, middle.id, late.id]);
      expect((await port.list({ kind: "contact", since: window(1), until: window(4) })).map((s) => s.id)).toEqual([early.id, late.id]);
      expect((await port.list({ since: window(2), until: window(3) })).map((s) => s.id)).toEqual([middle.id]);
    });

    it("lists one user's own submissions", async () => {
      const userId = unique("user");
      const theirs = submissionOf("contact", 30_000, { userId });
      const others = submissionOf("contact", 30_001, { userId: unique("user") });
      const anonymous = submissionOf("newsletter", 30_002);
      for (const submission of [theirs, others, anonymous]) await port.store(submission);
      expect((await port.list({ userId })).map((s) => s.id)).toEqual([theirs.id]);
    });

    it("purges what was sent before a time, answers it, and keeps the rest", async () => {
      // Far before every other test's window: purging it touches nothing else.
      const old = submissionOf("contact", -100_000);
      const kept = submissionOf("contact", 20_000);
      await port.store(old);
      await port.store(kept);
      const purged = await port.purge(at(-99_999));
      expect(purged.map((s) => s.id)).toContain(old.id);
      expect(purged.map((s) => s.id)).not.toContain(kept.id);
      expect(await port.find(old.id)).toBeNull();
      expect(await port.find(kept.id)).toEqual(kept);
    });
  });
}
