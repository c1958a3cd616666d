import { describe, expect, it } from "vitest";
import { multipartTextFields } from "../../../../../adapters/http/server/multipart-text-fields";

/** A multipart body as a browser sends it, and the same bytes cut into `size`-byte chunks. */
async function bodyOf(form: FormData) {
  const request = new Request("http://x/", { method: "POST", body: form });
  const boundary = /boundary=(.+)$/.exec(request.headers.get("Content-Type") ?? "")?.[1] ?? "";
  return { boundary, bytes: new Uint8Array(await request.arrayBuffer()) };
}

function read(boundary: string, bytes: Uint8Array, size: number, maxTextBytes = 1024) {
  const text = multipartTextFields(boundary, maxTextBytes);
  for (let at = 0; at < bytes.length; at += size) text.push(bytes.subarray(at, at + size));
  return text.fields();
}

describe("multipartTextFields", () => {
  it("finds every text field, before and after a file, whatever the chunks, and skips the file", async () => {
    const form = new FormData();
    form.append("form", "job-application");
    form.append("name", "Núria");
    form.append("cv", new File([new Uint8Array(50_000).fill(0x2d)], "cv.pdf", { type: "application/pdf" }));
    form.append("address", "Carrer de la Mar 1\r\nValència");
    form.append("privacyPolicy", "on");
    const { boundary, bytes } = await bodyOf(form);
    for (const size of [1, 7, 64, 4096, bytes.length]) {
      expect(read(boundary, bytes, size), `chunks of ${size}`).toEqual({
        form: "job-application",
        name: "Núria",
        address: "Carrer de la Mar 1\r\nValència",
        privacyPolicy: "on",
      });
    }
  });

  it("keeps a repeated field's values in order, and no more text than it is allowed", async () => {
    const form = new FormData();
    form.append("form", "contact");
    form.append("form", "other");
    form.append("message", "x".repeat(2000));
    form.append("subject", "Seats");
    const { boundary, bytes } = await bodyOf(form);
    expect(read(boundary, bytes, 100, 1024)).toEqual({ form: ["contact", "other"], subject: "Seats" });
  });

  it("stops at what is not multipart", () => {
    const text = multipartTextFields("x", 1024);
    text.push(new TextEncoder().encode("--x\r\nContent-Disposition: form-data; name=\"form\"\r\n\r\ncontact\r\n--xjunk"));
    expect(text.fields()).toEqual({ form: "contact" });
  });
});
