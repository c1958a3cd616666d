/**
 * A multipart body's text fields, read as the body streams by, its files skipped: what a body too
 * large to take still tells of the form it came from (the values typed beside a 20 MB CV). Keeps
 * at most `maxTextBytes` of text in all; a text field past that, and everything after a part it
 * cannot read, is left out.
 */
export function multipartTextFields(boundary: string, maxTextBytes: number) {
  // Every delimiter, the first included, as it is after the line break that opens it.
  const delimiter = `\r\n--${boundary}`;
  const fields: Record<string, string | string[]> = {};
  // Bytes as latin1 text, one character each: the delimiter is found in files' bytes too.
  let pending = "\r\n";
  let state: ReadingState = "preamble";
  let name = "";
  let textLeft = maxTextBytes;

  const keep = (value: string) => {
    const text = Buffer.from(value, "latin1").toString("utf8");
    const earlier = fields[name];
    fields[name] = earlier === undefined ? text : [...(Array.isArray(earlier) ? earlier : [earlier]), text];
  };

  /** One step of the reading: whether it got further, or needs more bytes (or is done). */
  const step = (): boolean => {
    switch (state) {
      case "done":
        return false;
      case "preamble":
      case "text":
      case "file": {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          // What may still be the start of a delimiter stays; a file's bytes, or text past the allowance, go.
          const kept = Math.max(0, pending.length - (delimiter.length - 1));
          if (state === "text" && kept > textLeft) state = "file";
          if (state !== "text") pending = pending.slice(kept);
          return false;
        }
        if (state === "text" && at <= textLeft) {
          textLeft -= at;
          keep(pending.slice(0, at));
        }
        pending = pending.slice(at + delimiter.length);
        state = "delimited";
        return true;
      }
      case "delimited":
        if (pending.length < 2) return false;
        // "--" closes the body; anything but a line break is not multipart.
        state = pending.startsWith("\r\n") ? "headers" : "done";
        pending = pending.slice(2);
        return true;
      case "headers": {
        const end = pending.indexOf("\r\n\r\n");
        if (end < 0) {
          if (pending.length > MAX_PART_HEADER_BYTES) state = "done";
          return false;
        }
        const disposition = /^content-disposition:[^\r\n]*$/im.exec(pending.slice(0, end))?.[0] ?? "";
        const fieldName = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
        pending = pending.slice(end + 4);
        if (fieldName === undefined) {
          state = "done";
          return false;
        }
        name = Buffer.from(fieldName, "latin1").toString("utf8");
        state = /;\s*filename\*?=/i.test(disposition) ? "file" : "text";
        return true;
      }
    }
  };

  return {
    push(chunk: Uint8Array): void {
      if (state === "done") return;
      pending += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
      while (step());
    },
    /** The text fields found so far, as a form parser gives them (a repeated name as a list). */
    fields(): Readonly<Record<string, string | string[]>> {
      return fields;
    },
  };
}

/** Where the reading is: before the first part, after a delimiter, in a part's headers, in its value. */
type ReadingState = "preamble" | "delimited" | "headers" | "text" | "file" | "done";

/** A part's headers are a line or two: more than this is not a form's. */
const MAX_PART_HEADER_BYTES = 4096;
