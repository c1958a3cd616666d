import { defineConfig } from "vitest/config";

// Two projects: fast tests of the core and adapters, and browser and security tests against one production
// server started once per run (tests/e2e/global-setup.ts).
export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test") },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/{unit,property,model,architecture,contracts,i18n,content}/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts", "tests/security/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
