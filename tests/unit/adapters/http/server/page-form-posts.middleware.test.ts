import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { leadFormPostAction } from "../../../../../adapters/http/server/lead-form-posts";
import { FORM_POST_VARIABLE, REFUSED_POST_VARIABLE, pageFormPosts } from "../../../../../adapters/http/server/page-form-posts.middleware";
import { readOnlyPages } from "../../../../../adapters/http/server/page-methods.middleware";
import { UNATTACHED_FILES_LIMIT, type FormPost } from "../../../../../core";
import { pdfFile, pngFile } from "../../../support/cv-files";
import { ORIGIN, leadFormsFixture } from "./support/lead-forms-fixture";

let fixture: ReturnType<typeof leadFormsFixture>;
let app: Hono;
beforeEach(() => {
  fixture = leadFormsFixture();
  app = new Hono();
  app.use(
    pageFormPosts({
      maxBodyBytes: 6 * 1024 * 1024,
      allowedOrigins: [ORIGIN],
      actions: leadFormPostAction({ intake: fixture.intake, files: fixture.files, sessions: { userOf: async () => null }, trustedProxies: 0, defaultLocale: "es" }),
    }),
  );
  app.use(readOnlyPages());
  // The page: what it would render with, as JSON; a refused post's is the error page, which Vike answers with 403.
  app.all("*", (c) => {
    const refusedPost = c.get(REFUSED_POST_VARIABLE as never) ?? null;
    return c.json({ formPost: c.get(FORM_POST_VARIABLE as never) ?? null, refusedPost }, refusedPost ? 403 : 200);
  });
});
afterEach(() => fixture.close());

const APPLICATION = {
  form: "job-application",
  locale: "val",
  jobOffer: "coordinador-hospitality",
  name: "Ana",
  surname: "García Puig",
  email: "ana@example.com",
  phone: "+34 600 000 000",
  birthdate: "1990-05-17",
  address: "Carrer de la Mar 1",
  message: "",
  privacyPolicy: "on",
};

function multipart(fields: Record<string, string>, cv?: { bytes: Uint8Array<ArrayBuffer>; name: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (cv) body.append("cv", new File([cv.bytes], cv.name, { type: "application/pdf" }));
  return body;
}

/** A body of `head` then `total` bytes in all, handed out 64 KB at a time, counting what the server pulls. */
function countedBody(total: number, head = "") {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled === 0 && head) {
        counter.pulled += head.length;
        return controller.enqueue(new TextEncoder().encode(head));
      }
      const size = Math.min(64 * 1024, total - counter.pulled);
      if (size <= 0) return controller.close();
      counter.pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x25));
    },
  });
  return { stream, counter };
}

const post = (body: FormData | URLSearchParams, origin = ORIGIN) => app.request("/val/jobs/", { method: "POST", headers: { Origin: origin }, body });

describe("a job application posted to its page without JavaScript", () => {
  it("saves the CV, stores the application naming it, and renders the page with the success", async () => {
    const response = await post(multipart(APPLICATION, { bytes: pdfFile(), name: "cv.pdf" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { formPost } = (await response.json()) as { formPost: FormPost };
    expect(formPost).toEqual({ form: "job-application", values: {}, issues: {}, outcome: "accepted" });
    const [stored] = await fixture.inbox.list({ kind: "job-application" });
    expect(stored?.locale).toBe("val");
    expect(await fixture.files.read(String(stored?.fields.cv))).toMatchObject({ file: { contentType: "application/pdf" } });
  });

  it("renders the values and the messages (422) for a file that is not a CV, and keeps nothing", async () => {
    const response = await post(multipart({ ...APPLICATION, name: "A" }, { bytes: pngFile(), name: "cv.pdf" }));
    expect(response.status).toBe(422);
    const { formPost } = (await response.json()) as { formPost: FormPost };
    expect(formPost.outcome).toBe("invalid");
    expect(formPost.issues.cv).toBe("validation.cv.unsupported");
    expect(formPost.values).toMatchObject({ name: "A", email: "ana@example.com", privacyPolicy: true, cv: "" });
    expect(await fixture.inbox.list({})).toEqual([]);
    expect(await fixture.files.list({})).toEqual([]);
  });

  it("keeps what the visitor typed and says to try again in a few minutes while the site holds as many unattached uploads as it may", async () => {
    for (let n = 0; n < UNATTACHED_FILES_LIMIT; n++) await fixture.files.save({ bytes: pdfFile(), contentType: "application/pdf", originalName: "other.pdf", purpose: "cv" });
    const response = await post(multipart(APPLICATION, { bytes: pdfFile(), name: "cv.pdf" }));
    expect(response.status).toBe(422);
    const { formPost } = (await response.json()) as { formPost: FormPost };
    expect(formPost.issues.cv).toBe("validation.cv.busy");
    expect(formPost.values).toMatchObject({ name: "Ana", email: "ana@example.com", address: "Carrer de la Mar 1" });
    expect(await fixture.inbox.list({})).toEqual([]);
    expect(await fixture.files.list({})).toHaveLength(UNATTACHED_FILES_LIMIT);
  });

  it("keeps no CV of an application it sends back for corrections: the page asks for the file again", async () => {
    const response = await post(multipart({ ...APPLICATION, surname: "" }, { bytes: pdfFile(), name: "cv.pdf" }));
    expect(response.status).toBe(422);
    expect(await fixture.files.list({})).toEqual([]);
  });

  it("says which fields are missing, with checkboxes as they were ticked", async () => {
    const { privacyPolicy: _ticked, ...unticked } = APPLICATION;
    const response = await post(new URLSearchParams({ ...unticked, surname: "" }));
    expect(response.status).toBe(422);
    const { formPost } = (await response.json()) as { formPost: FormPost };
    expect(formPost.issues).toMatchObject({ surname: "validation.surname.required", cv: "validation.cv.required", privacyPolicy: "validation.consent.privacyPolicy" });
    expect(formPost.values.privacyPolicy).toBe(false);
  });

  it("leaves a post that is none of the forms to the read-only rule, and refuses a form from elsewhere", async () => {
    expect((await post(new URLSearchParams({ form: "not-a-form" }))).status).toBe(405);
    expect((await post(new URLSearchParams({ a: "1" }))).status).toBe(405);
    const foreign = await post(new URLSearchParams(APPLICATION), "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("Cache-Control")).toBe("no-store");
    // The page's error page says so, in the page's language, rather than a bare "Forbidden".
    expect(await foreign.json()).toEqual({ formPost: null, refusedPost: 403 });
    expect(await fixture.inbox.list({})).toEqual([]);
  });

  it("refuses a post from elsewhere on its headers, without reading its body", async () => {
    const { stream, counter } = countedBody(5 * 1024 * 1024);
    const response = await app.request("/val/jobs/", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(5 * 1024 * 1024) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(403);
    expect(counter.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it("answers a CV too large to take (413) with the form as typed and the CV's message, keeping nothing", async () => {
    const cv = new Uint8Array(8 * 1024 * 1024);
    cv.set(pdfFile());
    const response = await post(multipart({ ...APPLICATION, message: "Ho tinc tot" }, { bytes: cv, name: "cv.pdf" }));
    expect(response.status).toBe(413);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { formPost } = (await response.json()) as { formPost: FormPost };
    expect(formPost).toEqual({
      form: "job-application",
      values: expect.objectContaining({ name: "Ana", surname: "García Puig", email: "ana@example.com", address: "Carrer de la Mar 1", message: "Ho tinc tot", privacyPolicy: true, cv: "" }),
      issues: { cv: "validation.cv.tooLarge" },
      outcome: "invalid",
    });
    expect(await fixture.inbox.list({})).toEqual([]);
    expect(await fixture.files.list({})).toEqual([]);
  });

  it("answers a too large post that names no form with the page's error page (413)", async () => {
    const response = await post(new URLSearchParams({ form: "contact", message: "x".repeat(7 * 1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ formPost: null, refusedPost: 413 });
  });

  it("reads no further than its first part a multipart post that does not start by naming one of the forms", async () => {
    for (const first of ["name", "form"]) {
      const head = `--x\r\nContent-Disposition: form-data; name="${first}"\r\n\r\n${first === "form" ? "not-a-form" : "Ana"}\r\n`;
      const { stream, counter } = countedBody(5 * 1024 * 1024, head);
      const response = await app.request("/val/jobs/", {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=x" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(response.status, first).toBe(405);
      expect(counter.pulled, first).toBeLessThanOrEqual(256 * 1024);
    }
  });
});
