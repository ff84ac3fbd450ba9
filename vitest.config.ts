// Three kinds of tests (CONVENTIONS.md): unit beside the code, API through
// app.inject() on SQLite and on PostgreSQL, end-to-end in Chromium.
//
// The unit and API files share their worker's modules (isolate: false): each file builds its own
// app on its own database, and importing the server once per worker instead of once per file
// takes the API lane from 306 to 209 s here (decision 038). What a file changes in the process
// (an environment variable, a global) it must put back.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { extends: false, test: { name: "unit", include: ["src/**/*.test.{ts,tsx}"], environment: "node", isolate: false } },
      {
        extends: false,
        test: { name: "api-sqlite", include: ["tests/api/**/*.test.ts"], env: { TEST_DB: "sqlite" }, isolate: false, testTimeout: 20_000, hookTimeout: 30_000 },
      },
      {
        extends: false,
        test: {
          name: "api-postgres",
          include: ["tests/api/**/*.test.ts"],
          env: { TEST_DB: "postgres" },
          globalSetup: ["tests/setup/postgres-global.ts"],
          isolate: false,
          testTimeout: 20_000,
          // A fresh database and app per file: on a loaded 2-core machine (two test files at a time) that can take over 10 s.
          hookTimeout: 30_000,
        },
      },
      {
        extends: false,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          globalSetup: ["tests/setup/e2e-global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two specs at a time (scripts/test.ts gives this suite two workers): each has its own server and browser.
        },
      },
    ],
  },
});
