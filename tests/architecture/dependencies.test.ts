import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, importsOf, violation, violationsIn } from "./import-rules";

describe("dependency directions (ARCHITECTURE.md)", () => {
  it("keeps core/ free of frameworks, SDKs, Node and outer layers", () => {
    expect(violationsIn("core")).toEqual([]);
  });

  it("lets ui/ reach adapters only through the composition root", () => {
    expect(violationsIn("ui")).toEqual([]);
  });

  it("keeps ui/components/ presentational: no composition root, no page context, no shell", () => {
    expect(violationsIn("ui/components")).toEqual([]);
    const component = join(ROOT, "ui/components/card/Card.tsx");
    expect(violation(component, "../../../composition/browser")).toBeDefined();
    expect(violation(component, "vike-react/usePageContext")).toBeDefined();
    expect(violation(component, "vike/client/router")).toBeDefined();
    expect(violation(component, "../../shell/browser-services")).toBeDefined();
    expect(violation(component, "../button/Button")).toBeUndefined();
    expect(violation(join(ROOT, "ui/shell/footer/Footer.tsx"), "vike-react/usePageContext")).toBeUndefined();
  });

  it("keeps adapters/ away from ui/ and the composition root", () => {
    expect(violationsIn("adapters")).toEqual([]);
  });

  it("lets the HTTP routes use the embedded defaults, never the other way round, and no adapter import another's routes", () => {
    const embeddedFile = join(ROOT, "adapters/embedded/files/x.ts");
    expect(violation(embeddedFile, "../../http/server/api-error")).toBeDefined();
    expect(violation(join(ROOT, "adapters/runtime/x.ts"), "../embedded/database/open-database")).toBeDefined();
    expect(violation(join(ROOT, "adapters/runtime/x.ts"), "../http/server/session-cookies")).toBeDefined();
    expect(violation(join(ROOT, "adapters/firebase/x.ts"), "../http/server/tickets.route")).toBeDefined();
    expect(violation(join(ROOT, "adapters/firebase/x.ts"), "../embedded/embedded-content/api/content-api.routes")).toBeDefined();
    expect(violation(join(ROOT, "adapters/http/server/x.ts"), "../../embedded/editor/editor-sessions")).toBeUndefined();
    expect(violation(join(ROOT, "adapters/firebase/x.ts"), "../runtime/periodic-task")).toBeUndefined();
    expect(violation(embeddedFile, "../database/open-database")).toBeUndefined();
  });

  it("keeps the door kiosk to the core, the browser's adapters and the texts: nothing of ui/ or the composition root", () => {
    expect(violationsIn("kiosk")).toEqual([]);
    const kioskFile = join(ROOT, "kiosk/ScanScreen.tsx");
    for (const specifier of ["../ui/components/button/Button", "../composition/browser", "../adapters/embedded/x", "../adapters/http/server/app", "../scripts/x", "vike-react/usePageContext", "hono", "node:fs"]) {
      expect(violation(kioskFile, specifier), specifier).toBeDefined();
    }
    for (const specifier of ["../core", "../adapters/http/browser/check-ins-client.adapter", "../locales/es.json", "./kiosk-store", "react", "xstate", "@xstate/react"]) {
      expect(violation(kioskFile, specifier), specifier).toBeUndefined();
    }
    // Its build config, run by Node, takes the build's plugins; the kiosk's code does not.
    expect(violation(join(ROOT, "kiosk/vite.config.ts"), "../scripts/vite-plugins/kiosk-service-worker.ts")).toBeUndefined();
    expect(violation(kioskFile, "../scripts/vite-plugins/kiosk-service-worker.ts")).toBeDefined();
  });

  it("recognises each kind of violation", () => {
    const coreFile = join(ROOT, "core/domain/x/x.ops.ts");
    for (const specifier of ["react", "react-dom/server", "vike/abort", "firebase/auth", "storyblok-js-client", "i18next", "hono", "node:fs", "fs", "../../../adapters/embedded/x", "../../../ui/pages/y"]) {
      expect(violation(coreFile, specifier), specifier).toBeDefined();
    }
    expect(violation(coreFile, "effect")).toBeUndefined();
    expect(violation(coreFile, "xstate")).toBeUndefined();
    expect(violation(coreFile, "../locale/locale.schema")).toBeUndefined();
    expect(violation(join(ROOT, "ui/pages/x/+Page.tsx"), "../../../adapters/embedded/x")).toBeDefined();
    expect(violation(join(ROOT, "ui/pages/x/+Page.tsx"), "../../../composition/browser")).toBeUndefined();
    expect(violation(join(ROOT, "adapters/http/x.ts"), "../../ui/pages/y")).toBeDefined();
  });

  it("finds imports in every syntax", () => {
    const source = `import a from "a";\nimport { b } from 'b';\nexport * from "c";\nimport "d";\nconst e = await import("e");\nimport.meta.glob<{ x: 1 }>("f/*.json");\nimport type { G } from "g";`;
    expect(importsOf(source).sort()).toEqual(["a", "b", "c", "d", "e", "f/*.json", "g"]);
  });
});
