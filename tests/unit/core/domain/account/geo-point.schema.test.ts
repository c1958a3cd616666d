import { Result, Schema, SchemaIssue } from "effect";
import { describe, expect, it } from "vitest";
import { GeoPoint, Latitude, Longitude } from "../../../../../core/domain/account/geo-point.schema";
import { fieldMessages } from "../forms/support/field-messages";

describe("Latitude and Longitude", () => {
  it("accept the ranges' ends", () => {
    for (const value of [-90, 0, 39.47, 90]) expect(fieldMessages(Latitude, { field: value })).toEqual([]);
    for (const value of [-180, -0.37, 180]) expect(fieldMessages(Longitude, { field: value })).toEqual([]);
  });

  it("reject values outside the range", () => {
    for (const value of [-90.0001, 91, Number.POSITIVE_INFINITY]) {
      expect(fieldMessages(Latitude, { field: value })).toEqual(["validation.latitude.range"]);
    }
    for (const value of [-181, 180.5]) expect(fieldMessages(Longitude, { field: value })).toEqual(["validation.longitude.range"]);
  });
});

describe("geo point fields name their problem with an i18n key", () => {
  it("for a missing value and for a value of the wrong type", () => {
    const result = Schema.decodeUnknownResult(GeoPoint)({ longitude: "east" }, { errors: "all" });
    expect(Result.isFailure(result)).toBe(true);
    if (Result.isFailure(result)) {
      const messages = SchemaIssue.makeFormatterStandardSchemaV1()(result.failure.issue).issues.map((issue) => issue.message);
      expect(messages.sort()).toEqual(["validation.latitude.range", "validation.longitude.range"]);
    }
  });
});
