import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { JobApplicationPayload } from "../../../../../core/domain/forms/job-application.schema";
import { decodeAsServer, firstIssues, VALID_LEAD_PAYLOADS, without } from "./support/lead-payloads";

const VALID = VALID_LEAD_PAYLOADS["job-application"];

describe("JobApplicationPayload", () => {
  it("decodes a filled-in form as it is", () => {
    expect(decodeAsServer(JobApplicationPayload, VALID)).toEqual(Result.succeed(VALID));
  });

  it("leaves the message to the applicant: absent, empty or up to 5000 characters", () => {
    expect(firstIssues(JobApplicationPayload, without(VALID, "message"))).toEqual({});
    expect(firstIssues(JobApplicationPayload, { ...VALID, message: "x".repeat(5000) })).toEqual({});
    expect(firstIssues(JobApplicationPayload, { ...VALID, message: "x".repeat(5001) })).toEqual({ message: "validation.message.length" });
  });

  it("names each missing field with its own key", () => {
    const keys = {
      jobOffer: "validation.jobOffer.required",
      name: "validation.name.required",
      surname: "validation.surname.required",
      email: "validation.email.required",
      phone: "validation.phone.required",
      birthdate: "validation.birthdate.required",
      address: "validation.address.required",
      cv: "validation.cv.required",
      privacyPolicy: "validation.consent.privacyPolicy",
    };
    for (const [field, key] of Object.entries(keys)) expect(firstIssues(JobApplicationPayload, without(VALID, field)), field).toEqual({ [field]: key });
    expect(firstIssues(JobApplicationPayload, {})).toEqual(keys);
  });

  it("names each bad field with its own key", () => {
    const cases: Array<[field: string, value: unknown, key: string]> = [
      ["jobOffer", "", "validation.jobOffer.required"],
      ["jobOffer", "stage technician", "validation.jobOffer.required"],
      ["birthdate", "2999-01-01", "validation.birthdate.invalid"],
      ["address", "", "validation.address.required"],
      ["address", "x".repeat(256), "validation.address.length"],
      ["cv", "", "validation.cv.required"],
      ["cv", "short", "validation.cv.required"],
      ["cv", "../../etc/passwd-and-more", "validation.cv.required"],
      ["cv", "x".repeat(65), "validation.cv.required"],
      ["message", 5, "validation.message.length"],
      ["privacyPolicy", false, "validation.consent.privacyPolicy"],
    ];
    for (const [field, value, key] of cases) expect(firstIssues(JobApplicationPayload, { ...VALID, [field]: value }), field).toEqual({ [field]: key });
  });

  it("takes upload ids of 16 to 64 URL-safe characters", () => {
    for (const cv of ["a".repeat(16), "A-b_".repeat(16), "AbCdEfGhIjKlMnOpQrStUv"]) expect(firstIssues(JobApplicationPayload, { ...VALID, cv }), cv).toEqual({});
  });

  it("ignores unknown keys, __proto__ included, and leaves them out", () => {
    const posted = JSON.parse(`{"__proto__": {"cv": "x"}, "website": "", ${JSON.stringify(VALID).slice(1)}`) as unknown;
    expect(decodeAsServer(JobApplicationPayload, posted)).toEqual(Result.succeed(VALID));
  });
});
