import { SimulatedClock } from "xstate";
import { describe, expect, it } from "vitest";
import { CV_FILE_RULES } from "../../../../../core/domain/forms/cv-file.ops";
import { uploadCv, uploadErrorKey, type CvUploadResult } from "../../../../../core/domain/forms/file-upload.ops";
import { storageErrorCodeOfStatus } from "../../../../../core/domain/storage/upload-answer.ops";
import type { FileUploadFailure, FileUploadOptions, FileUploadPort, UploadedFile } from "../../../../../core/ports/file-upload.port";
import { flush } from "../../../support/async";

/** How the fake server answers one attempt. */
type Answer = { readonly status: number; readonly retryAfterMs?: number; readonly apiErrorCode?: string } | "network-down" | "stalls";

/**
 * A server behind a fake port that behaves like the real adapter: it plays `answers` in turn (the
 * last repeats), reports progress in two halves, keeps what it accepted, and stops a transfer
 * when the signal aborts.
 */
function fakeServer(answers: Answer[], clock: SimulatedClock) {
  const stored: UploadedFile[] = [];
  const attempts: { at: number; aborted: boolean }[] = [];
  const port: FileUploadPort = {
    upload(file: Blob, name: string, { onProgress, signal }: FileUploadOptions = {}) {
      const attempt = { at: clock.now(), aborted: false };
      attempts.push(attempt);
      const answer = answers[Math.min(attempts.length - 1, answers.length - 1)]!;
      return new Promise((resolve, reject) => {
        const fail = (failure: FileUploadFailure) => reject(Object.assign(new Error(failure.code), failure));
        signal?.addEventListener("abort", () => {
          attempt.aborted = true;
          fail({ code: "storage/canceled" });
        });
        onProgress?.(file.size / 2, file.size);
        if (answer === "stalls") return;
        if (answer === "network-down") return fail({ code: storageErrorCodeOfStatus(undefined) });
        if (answer.status !== 201) return fail({ code: storageErrorCodeOfStatus(answer.status, answer.apiErrorCode), status: answer.status, retryAfterMs: answer.retryAfterMs });
        onProgress?.(file.size, file.size);
        const uploaded = { id: `upload-${stored.length + 1}`, name, size: file.size };
        stored.push(uploaded);
        resolve(uploaded);
      });
    },
  };
  return { port, stored, attempts };
}

const cv = new Blob([new TextEncoder().encode("%PDF-1.4\n")], { type: "application/pdf" });

function start(answers: Answer[], options: { signal?: AbortSignal; file?: Blob } = {}) {
  const clock = new SimulatedClock();
  const server = fakeServer(answers, clock);
  const progress: [number, number][] = [];
  let result: CvUploadResult | undefined;
  void uploadCv(server.port, options.file ?? cv, "Núria CV.pdf", {
    onProgress: (loaded, total) => progress.push([loaded, total]),
    signal: options.signal,
    now: () => clock.now(),
    random: () => 0,
    clock,
  }).then((settled) => (result = settled));
  return { clock, ...server, progress, result: () => result };
}

/** Moves the clock on in steps, letting the attempts and the machine settle between them. */
async function elapse(clock: SimulatedClock, ms: number, step = 1000): Promise<void> {
  await flush();
  for (let passed = 0; passed < ms; passed += step) {
    clock.increment(Math.min(step, ms - passed));
    await flush();
  }
}

describe("uploadCv", () => {
  it("uploads at once when the server takes the file, reporting progress", async () => {
    const run = start([{ status: 201 }]);
    await flush();
    expect(run.result()).toEqual({ outcome: "uploaded", file: { id: "upload-1", name: "Núria CV.pdf", size: 9 }, retries: 0 });
    expect(run.progress).toEqual([
      [4.5, 9],
      [9, 9],
    ]);
    expect(run.stored).toHaveLength(1);
  });

  it("tries again after a network failure, a 5xx, a 408 and a 429, the wait doubling from 1 s", async () => {
    const run = start(["network-down", { status: 503 }, { status: 408 }, { status: 429 }, { status: 201 }]);
    await elapse(run.clock, 20_000, 500);
    expect(run.result()).toMatchObject({ outcome: "uploaded", retries: 4 });
    expect(run.attempts.map((attempt) => attempt.at)).toEqual([0, 1000, 3000, 7000, 15000]);
    expect(run.stored).toHaveLength(1);
  });

  it("stops at once, saying to come back in a few minutes, when the site keeps as many unattached uploads as it may", async () => {
    const run = start([{ status: 503, retryAfterMs: 300_000, apiErrorCode: "uploads-full" }, { status: 201 }]);
    await elapse(run.clock, 5_000);
    expect(run.result()).toEqual({ outcome: "failed", code: "storage/quota-exceeded", messageKey: "validation.cv.busy", retries: 0 });
    expect(run.attempts).toHaveLength(1);
  });

  it("waits as long as the server's Retry-After asks when that is longer", async () => {
    const run = start([{ status: 429, retryAfterMs: 30_000 }, { status: 201 }]);
    await elapse(run.clock, 40_000);
    expect(run.attempts.map((attempt) => attempt.at)).toEqual([0, 30_000]);
    expect(run.result()).toMatchObject({ outcome: "uploaded" });
  });

  it("never waits more than 64 s between attempts, and gives up at 10 minutes with SPEC §8's message", async () => {
    const run = start([{ status: 503 }]);
    await elapse(run.clock, 11 * 60_000);
    const gaps = run.attempts.slice(1).map((attempt, index) => attempt.at - run.attempts[index]!.at);
    expect(gaps.slice(0, 8)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000]);
    expect(Math.max(...gaps)).toBe(64_000);
    expect(run.attempts.at(-1)!.at).toBeLessThanOrEqual(10 * 60_000);
    expect(run.result()).toMatchObject({ outcome: "failed", code: "storage/retry-limit-exceeded", messageKey: "storage.error.retryLimitExceeded" });
  });

  it("does not retry what the server refused for good, and says why", async () => {
    const cases: [number, string, string][] = [
      [415, "storage/invalid-argument", "validation.cv.unsupported"],
      [400, "storage/invalid-argument", "validation.cv.unsupported"],
      [413, "storage/quota-exceeded", "validation.cv.tooLarge"],
      [403, "storage/unauthorized", "storage.error.unauthorized"],
      [401, "storage/unauthenticated", "storage.error.unauthorized"],
    ];
    for (const [status, code, messageKey] of cases) {
      const run = start([{ status }]);
      await elapse(run.clock, 5_000);
      expect(run.result(), String(status)).toEqual({ outcome: "failed", code, messageKey, retries: 0 });
      expect(run.attempts, String(status)).toHaveLength(1);
    }
  });

  it("cancels a transfer in flight: the transfer stops and nothing is retried", async () => {
    const controller = new AbortController();
    const run = start(["stalls"], { signal: controller.signal });
    await flush();
    controller.abort();
    await elapse(run.clock, 60_000);
    expect(run.result()).toEqual({ outcome: "failed", code: "storage/canceled", messageKey: "storage.error.canceled", retries: 0 });
    expect(run.attempts).toEqual([{ at: 0, aborted: true }]);
    expect(run.stored).toEqual([]);
  });

  it("cancels between attempts: the next one never starts", async () => {
    const controller = new AbortController();
    const run = start([{ status: 503 }, { status: 201 }], { signal: controller.signal });
    await elapse(run.clock, 500, 500);
    controller.abort();
    await elapse(run.clock, 60_000);
    expect(run.result()).toMatchObject({ outcome: "failed", code: "storage/canceled" });
    expect(run.attempts).toHaveLength(1);
    expect(run.stored).toEqual([]);
  });

  it("sends nothing when cancelled before it starts, or when the file is over 5 MB", async () => {
    const controller = new AbortController();
    controller.abort();
    const canceled = start([{ status: 201 }], { signal: controller.signal });
    const tooLarge = start([{ status: 201 }], { file: new Blob([new Uint8Array(CV_FILE_RULES.maxBytes + 1)]) });
    await flush();
    expect(canceled.result()).toMatchObject({ outcome: "failed", code: "storage/canceled", retries: 0 });
    expect(tooLarge.result()).toEqual({ outcome: "failed", code: "storage/quota-exceeded", messageKey: "validation.cv.tooLarge", retries: 0 });
    expect([...canceled.attempts, ...tooLarge.attempts]).toEqual([]);
  });

  it("takes a file of exactly 5 MB", async () => {
    const run = start([{ status: 201 }], { file: new Blob([new Uint8Array(CV_FILE_RULES.maxBytes)]) });
    await flush();
    expect(run.result()).toMatchObject({ outcome: "uploaded", file: { size: CV_FILE_RULES.maxBytes } });
  });
});

describe("uploadErrorKey", () => {
  it("gives the CV's own messages, then SPEC §8's storage messages", () => {
    expect(uploadErrorKey("storage/quota-exceeded")).toBe("validation.cv.tooLarge");
    expect(uploadErrorKey("storage/quota-exceeded", 413)).toBe("validation.cv.tooLarge");
    expect(uploadErrorKey("storage/quota-exceeded", 503)).toBe("validation.cv.busy");
    expect(uploadErrorKey("storage/invalid-argument")).toBe("validation.cv.unsupported");
    expect(uploadErrorKey("storage/canceled")).toBe("storage.error.canceled");
    expect(uploadErrorKey("storage/retry-limit-exceeded")).toBe("storage.error.retryLimitExceeded");
    expect(uploadErrorKey("storage/unknown")).toBe("storage.error.generic");
    expect(uploadErrorKey(undefined)).toBe("storage.error.generic");
  });
});
