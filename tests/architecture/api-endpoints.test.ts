import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourceFiles } from "./import-rules";

/** A path of the site's API written out: `/api/…` or the embedded editor's `/_editor/api/…`. */
const RAW_API_PATH = /\/api\//g;

/**
 * The browser's raw API paths that predate core/api and are still to move to their declarations
 * (issue 53 item 2), by file: a new one anywhere fails, and so does moving one without striking it here.
 */
const NOT_YET_DECLARED: Readonly<Record<string, number>> = {
  "adapters/firebase/firebase-identity.adapter.ts": 9,
  "adapters/http/browser/file-upload.adapter.ts": 1,
  "adapters/http/browser/lead-forms-client.adapter.ts": 3,
  "adapters/http/browser/local-identity.adapter.ts": 18,
  "adapters/http/browser/story-editing.adapter.ts": 1,
  "adapters/http/browser/tickets-client.adapter.ts": 3,
  "adapters/http/browser/waiting-room-client.adapter.ts": 2,
  "ui/components/event-card/BuyButton.tsx": 1,
  "ui/pages/(account)/dashboard/+Page.tsx": 2,
  "ui/pages/(account)/dashboard/+data.ts": 1,
  "ui/pages/(account)/dashboard/ProfileForm.tsx": 1,
  "ui/pages/(account)/dashboard/PurchaseCodeForm.tsx": 1,
  "ui/pages/(account)/dashboard/UserEventCard.tsx": 1,
  "ui/pages/api-handler/+Page.tsx": 1,
  "ui/pages/editor/EditorSignIn.tsx": 1,
  "ui/pages/event-tickets/WaitingRoom.tsx": 1,
  "ui/pages/event/+Page.tsx": 1,
  "ui/shell/account/account-actors.ts": 3,
  "ui/shell/editor-bridge/start-editor-preview.ts": 1,
  "ui/shell/lead-form/NewsletterLinkPage.tsx": 1,
};

/** The code that runs in the browser: the UI, the door kiosk and the adapters they are given. */
const BROWSER_SIDE = ["ui", "kiosk", "adapters/http/browser", "adapters/firebase"];

describe("the API's endpoints (core/api)", () => {
  it("are written out only in their declarations: the browser side has no API path of its own beyond the ones still to move", () => {
    const found: Record<string, number> = {};
    for (const folder of BROWSER_SIDE) {
      for (const file of sourceFiles(folder)) {
        const count = readFileSync(file, "utf8").match(RAW_API_PATH)?.length ?? 0;
        if (count > 0) found[relative(ROOT, file)] = count;
      }
    }
    expect(found).toEqual(NOT_YET_DECLARED);
  });

  it("are each declared by a call marked pure, so that the bundler leaves out the ones a chunk does not use", () => {
    const unmarked = sourceFiles("core/api")
      .filter((file) => file.endsWith(".endpoints.ts"))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/=\s*(\/\*\s*@__PURE__\s*\*\/\s*)?endpoint\s*[<(]/g)]
          .filter((match) => match[1] === undefined)
          .map((match) => `${relative(ROOT, file)}: ${match[0]}`),
      );
    expect(unmarked).toEqual([]);
    expect(sourceFiles("core/api").some((file) => file.endsWith(".endpoints.ts"))).toBe(true);
  });

  it("recognises a raw API path and an unmarked declaration", () => {
    expect("fetch(`/api/tickets/claims`)".match(RAW_API_PATH)).toHaveLength(1);
    expect('action="/_editor/api/session"'.match(RAW_API_PATH)).toHaveLength(1);
    expect([..."export const x = endpoint()({".matchAll(/=\s*(\/\*\s*@__PURE__\s*\*\/\s*)?endpoint\s*[<(]/g)][0]?.[1]).toBeUndefined();
    expect([..."export const x = /* @__PURE__ */ endpoint<A>()({".matchAll(/=\s*(\/\*\s*@__PURE__\s*\*\/\s*)?endpoint\s*[<(]/g)][0]?.[1]).toBeDefined();
  });
});
