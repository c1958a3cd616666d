import { describe, expect, it } from "vitest";
import { storageErrorCodeOfStatus } from "../../../../../core/domain/storage/upload-answer.ops";

describe("storageErrorCodeOfStatus", () => {
  it("names what the upload policy retries storage/unknown, and every refusal a code it does not retry", () => {
    for (const status of [undefined, 500, 502, 503, 504, 408, 429]) expect(storageErrorCodeOfStatus(status), String(status)).toBe("storage/unknown");
    expect(storageErrorCodeOfStatus(404)).toBe("storage/invalid-argument");
    expect(storageErrorCodeOfStatus(409)).toBe("storage/invalid-argument");
  });
});
