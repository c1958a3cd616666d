import { configDefaults, defineConfig } from "vitest/config";

// Four projects: fast tests of the core and adapters; the Firebase runners on the emulators (the
// identity contract on the Auth emulator, every Firestore contract runner on Debian's Firestore
// emulator), a project of their own because vitest runs a project's globalSetup only when the run
// includes one of its files, so the emulators (≈ 20 s to start, firebase-tools installed into a cache
// folder on first use) start once per run and only for those runners; three production instances on
// the same emulators behind haproxy (tests/cluster/global-setup.ts), their files one at a time after
// the Firebase runners (their contended transactions would slow each other); and browser and security
// tests against one production server started once per run (tests/e2e/global-setup.ts).
const FIREBASE_EMULATOR_TESTS = [
  "tests/contracts/firebase-identity.contract.test.ts",
  "tests/unit/**/*.emulator.test.ts",
  "tests/contracts/**/*.integration.test.ts",
  "tests/**/*firestore*.integration.test.ts",
];
const FIREBASE_EMULATORS = ["tests/contracts/support/firebase-auth-emulator.global-setup.ts", "tests/contracts/support/firestore-emulator.global-setup.ts"];

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify("test"), __BUILD_TIME__: "0" },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/{unit,property,model,architecture,contracts,i18n,content}/**/*.test.ts"],
          // Stripe's live runner stays here: it skips without a test key, and needs no emulator.
          exclude: [...configDefaults.exclude, ...FIREBASE_EMULATOR_TESTS],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "firebase",
          include: FIREBASE_EMULATOR_TESTS,
          globalSetup: FIREBASE_EMULATORS,
          setupFiles: ["tests/contracts/support/firestore-emulator.setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          globalSetup: [...FIREBASE_EMULATORS, "tests/cluster/global-setup.ts"],
          setupFiles: ["tests/contracts/support/firestore-emulator.setup.ts"],
          environment: "node",
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
