import { describe, expect, it } from "vitest";
import { createLatestBuildInfo } from "../../../../../adapters/http/browser/latest-build.adapter";

/** A server's /_build/ folder: the files it holds, answered as JSON, anything else 404. */
function buildFolder(files: Record<string, unknown>) {
  const asked: string[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const path = String(input);
    asked.push(path);
    return path in files ? Response.json(files[path]) : new Response("not found", { status: 404 });
  }) as typeof fetch;
  return { fetchImpl, asked };
}

const OLD = { id: "old-build", builtAt: 1_000 };
const NEW = { id: "new-build", builtAt: 2_000 };

describe("the latest-build adapter", () => {
  it("answers the page's own build without asking for metadata", async () => {
    const folder = buildFolder({ "/_build/latest.json": OLD });
    await expect(createLatestBuildInfo(OLD, folder.fetchImpl).latestBuildId()).resolves.toBe("old-build");
    expect(folder.asked).toEqual(["/_build/latest.json"]);
  });

  it("offers a newer build once its metadata file is there", async () => {
    const folder = buildFolder({ "/_build/latest.json": NEW, "/_build/meta/new-build.json": NEW });
    await expect(createLatestBuildInfo(OLD, folder.fetchImpl).latestBuildId()).resolves.toBe("new-build");
    expect(folder.asked).toEqual(["/_build/latest.json", "/_build/meta/new-build.json"]);
  });

  it("reads a build's metadata file once", async () => {
    const folder = buildFolder({ "/_build/latest.json": NEW, "/_build/meta/new-build.json": NEW });
    const info = createLatestBuildInfo(OLD, folder.fetchImpl);
    await info.latestBuildId();
    await expect(info.latestBuildId()).resolves.toBe("new-build");
    expect(folder.asked).toEqual(["/_build/latest.json", "/_build/meta/new-build.json", "/_build/latest.json"]);
  });

  it("never offers an older build, as an instance not yet deployed answers during a rolling deploy", async () => {
    const folder = buildFolder({ "/_build/latest.json": OLD, "/_build/meta/old-build.json": OLD });
    await expect(createLatestBuildInfo(NEW, folder.fetchImpl).latestBuildId()).resolves.toBe("new-build");
  });

  it("fails the check while the named build has no metadata file, or its file names another build", async () => {
    await expect(createLatestBuildInfo(OLD, buildFolder({ "/_build/latest.json": NEW }).fetchImpl).latestBuildId()).rejects.toThrow(/404/);
    const mismatched = buildFolder({ "/_build/latest.json": NEW, "/_build/meta/new-build.json": OLD });
    await expect(createLatestBuildInfo(OLD, mismatched.fetchImpl).latestBuildId()).rejects.toThrow(/no metadata/);
    await expect(createLatestBuildInfo(OLD, buildFolder({}).fetchImpl).latestBuildId()).rejects.toThrow(/404/);
  });
});
