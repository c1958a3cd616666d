import { describe, expect, it } from "vitest";
import { STORAGE_ERROR_CODES, storageErrorKey } from "../../../../../core/domain/storage/storage-error.ops";

describe("storageErrorKey (SPEC §8)", () => {
  it("gives the retry-limit, canceled and not-found codes their own messages", () => {
    expect(storageErrorKey("storage/retry-limit-exceeded")).toBe("storage.error.retryLimitExceeded");
    expect(storageErrorKey("storage/canceled")).toBe("storage.error.canceled");
    expect(storageErrorKey("storage/object-not-found")).toBe("storage.error.notFound");
  });

  it("groups the authorisation codes", () => {
    for (const code of ["storage/unauthenticated", "storage/unauthorized", "storage/unauthorized-app"]) {
      expect(storageErrorKey(code)).toBe("storage.error.unauthorized");
    }
  });

  it("shows the generic message for everything else", () => {
    for (const code of [undefined, "", "storage/unknown", "storage/quota-exceeded", "canceled", "auth/user-not-found", "STORAGE/CANCELED"]) {
      expect(storageErrorKey(code)).toBe("storage.error.generic");
    }
  });

  it("maps every Firebase Storage code to one of its five messages", () => {
    const counts = new Map<string, number>();
    for (const code of STORAGE_ERROR_CODES) {
      const key = storageErrorKey(`storage/${code}`);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({
      "storage.error.generic": STORAGE_ERROR_CODES.length - 6,
      "storage.error.notFound": 1,
      "storage.error.unauthorized": 3,
      "storage.error.retryLimitExceeded": 1,
      "storage.error.canceled": 1,
    });
  });
});
