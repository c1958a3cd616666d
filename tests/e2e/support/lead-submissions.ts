import { HTTP_RETRY, isRetryableStatus, type LeadFormKind } from "../../../core";
import { docxFile, pdfFile } from "../../unit/support/cv-files";

/** Who hears of each kind of lead, as the tests configure the server (LEADS_*_TO). */
export const TEAM = {
  contact: "contact-team@arena.test",
  hospitality: "hospitality-team@arena.test",
  "job-application": "jobs-team@arena.test",
} as const;

export const TEAM_ENV = { LEADS_CONTACT_TO: TEAM.contact, LEADS_HOSPITALITY_TO: TEAM.hospitality, LEADS_JOBS_TO: TEAM["job-application"] };

export type LeadFields = Readonly<Record<string, string | boolean>>;

/** The visitor's address of submission `n`: one per submission, so that each mail can be told apart. */
export const visitorEmail = (n: number) => `visitor-${n}@example.com`;

/** A valid payload of each kind, different for each `n`; a job application names an uploaded CV. */
export function leadPayload(kind: LeadFormKind, n: number, cv = ""): LeadFields {
  const person = { name: "Ana", surname: `García Puig ${n}`, email: visitorEmail(n), phone: "+34 600 000 000" };
  switch (kind) {
    case "contact":
      return { ...person, subject: `Accessible seats (${n})`, message: `Hola!\nQuestion number ${n}.`, event: "lua-serrano-marea-alta", privacyPolicy: true, communication: true };
    case "hospitality":
      return {
        ...person,
        companyName: `Company ${n} S.L.`,
        companyPosition: "Events manager",
        cif: "A58818501",
        companyType: "company",
        productOfInterest: "boxes",
        interestIn: `A box for ${n} guests`,
        message: `Hospitality request ${n}`,
        privacyPolicy: true,
        communication: true,
      };
    case "newsletter":
      return { email: person.email, privacyPolicy: true, marketing: true };
    case "job-application":
      return { jobOffer: "coordinador-hospitality", ...person, birthdate: "1990-05-17", address: "Carrer de la Mar 1, València", cv, message: `Cover note ${n}`, privacyPolicy: true };
  }
}

/** The Message-IDs (left of the @) the intake queues for one stored submission. */
export function expectedMailKeys(kind: LeadFormKind, submissionId: string): { key: string; to: "team" | "visitor" }[] {
  return kind === "newsletter"
    ? [{ key: `${submissionId}.confirm`, to: "visitor" }]
    : [
        { key: `${submissionId}.team`, to: "team" },
        { key: `${submissionId}.visitor`, to: "visitor" },
      ];
}

/** What a client saw on one attempt: a status, or no answer at all (the server was down). */
export type AttemptOutcome = number | "no-answer";

/**
 * A client of the forms API that behaves as the browser's: the same Idempotency-Key on every
 * attempt, and a retry after no answer, a 5xx or a 429, waiting as HTTP_RETRY waits (its longest
 * wait at most, since a restarted server is worth asking again). Unlike the browser it keeps
 * trying until `deadline`: a test's server comes back.
 */
export function leadClient(baseUrl: string, options: { readonly deadline: number; readonly onAttempt?: (outcome: AttemptOutcome) => void }) {
  const headers = { Origin: baseUrl, "Accept-Language": "en" };

  async function attempt<T>(send: () => Promise<Response>, read: (response: Response) => Promise<T>): Promise<{ status: number; value?: T }> {
    for (let retry = 0; ; retry++) {
      let status: number | undefined;
      try {
        const response = await send();
        status = response.status;
        // The body is read before the attempt counts: a kill may cut it off.
        const value = response.ok ? await read(response) : (await response.arrayBuffer(), undefined);
        options.onAttempt?.(status);
        if (response.ok || !isRetryableStatus(status)) return { status, value };
      } catch {
        options.onAttempt?.("no-answer");
      }
      if (Date.now() > options.deadline) throw new Error(`No answer from ${baseUrl} before the deadline (last status: ${status ?? "none"})`);
      await new Promise((resolve) => setTimeout(resolve, HTTP_RETRY.delayMs(Math.min(retry, HTTP_RETRY.maxRetries - 1), Math.random())));
    }
  }

  return {
    /** Uploads a CV (PDF or DOCX by `n`) until the server takes it; answers its id. */
    async uploadCv(n: number): Promise<string> {
      const bytes = n % 2 === 0 ? pdfFile() : docxFile();
      const { status, value } = await attempt(
        () => fetch(`${baseUrl}/api/forms/uploads`, { method: "POST", headers: { ...headers, "Content-Type": "application/octet-stream", "X-File-Name": `cv-${n}.${n % 2 === 0 ? "pdf" : "docx"}` }, body: bytes }),
        async (response) => ((await response.json()) as { id: string }).id,
      );
      if (value === undefined) throw new Error(`The CV upload was refused (${status})`);
      return value;
    },
    /** Submits one form until it is answered for good: the final status, and the id if it was acknowledged. */
    async submit(kind: LeadFormKind, fields: LeadFields, idempotencyKey: string): Promise<{ status: number; id?: string }> {
      const { status, value } = await attempt(
        () => fetch(`${baseUrl}/api/forms/${kind}`, { method: "POST", headers: { ...headers, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey }, body: JSON.stringify(fields) }),
        async (response) => ((await response.json()) as { id: string }).id,
      );
      return { status, id: value };
    },
  };
}
