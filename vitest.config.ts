// Three kinds of tests (CONVENTIONS.md): unit beside the code, API through
// app.inject() on SQLite and on PostgreSQL, end-to-end in Chromium.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { extends: false, test: { name: "unit", include: ["src/**/*.test.{ts,tsx}"], environment: "node" } },
      {
        extends: false,
        test: { name: "api-sqlite", include: ["tests/api/**/*.test.ts"], env: { TEST_DB: "sqlite" }, testTimeout: 20_000, hookTimeout: 30_000 },
      },
      {
        extends: false,
        test: {
          name: "api-postgres",
          include: ["tests/api/**/*.test.ts"],
          env: { TEST_DB: "postgres" },
          globalSetup: ["tests/setup/postgres-global.ts"],
          testTimeout: 20_000,
          // A fresh database and app per file: on a loaded 2-core machine (the e2e lane runs beside) that can take over 10 s.
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
