import { configDefaults, defineConfig } from "vitest/config";

// Three projects: fast tests of the core and adapters; the identity contract on Firebase's Auth emulator,
// a project of its own because vitest runs a project's globalSetup only when the run includes one of its
// files, so the emulator (≈ 20 s to start, firebase-tools installed into a cache folder on first use)
// starts once per run and only for that runner; and browser and security tests against one production
// server started once per run (tests/e2e/global-setup.ts).
const FIREBASE_EMULATOR_TESTS = ["tests/contracts/firebase-identity.contract.test.ts", "tests/unit/**/*.emulator.test.ts"];

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test"), __BUILD_TIME__: "0" },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/{unit,property,model,architecture,contracts,i18n,content}/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...FIREBASE_EMULATOR_TESTS],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "firebase",
          include: FIREBASE_EMULATOR_TESTS,
          globalSetup: ["tests/contracts/support/firebase-auth-emulator.global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 30_000,
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
