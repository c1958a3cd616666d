import { Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { RouteRules } from "../../../../../core/domain/routing/route-rule.schema";

const decode = Schema.decodeUnknownResult(RouteRules);

describe("RouteRules", () => {
  it("accepts internal and external rules with or without a status", () => {
    const result = decode([
      { from: "/old/", to: "/es/new/" },
      { from: "/x/", to: "https://example.com/", status: 307 },
    ]);
    expect(Result.isSuccess(result)).toBe(true);
  });

  it("rejects a `from` that is not a path", () => {
    expect(Result.isFailure(decode([{ from: "old/", to: "/new/" }]))).toBe(true);
  });

  it("rejects an empty target", () => {
    expect(Result.isFailure(decode([{ from: "/old/", to: "" }]))).toBe(true);
  });

  it("rejects statuses that are not redirects", () => {
    for (const status of [200, 303, 404, "301"]) {
      expect(Result.isFailure(decode([{ from: "/old/", to: "/new/", status }]))).toBe(true);
    }
  });
});
