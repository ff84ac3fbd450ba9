// Builds the whole API on a fresh database for one test file. The web app is
// left out (API tests do not need a build); e2e tests run the real server.
import { buildApp, type BuiltApp } from "#server/app.ts";
import { parseEnv, type Env } from "#server/env.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export const TEST_ADMIN = { email: "admin@test.example", password: "correct-horse-42" };

export interface TestApp extends BuiltApp {
  env: Env;
  database: BuiltApp["database"];
  close(): Promise<void>;
}

/**
 * `runJobs: false` for tests that drive the job queue themselves (jobs.runDue()); `logger` for tests that
 * read what the product logged (tests/mocks/app-log.ts), silent otherwise.
 */
export async function createTestApp(overrides: Record<string, string> = {}, options: { runJobs?: boolean; logger?: object } = {}): Promise<TestApp> {
  const store: TestDatabase = await createTestDatabase();
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: "silent",
    ...overrides,
  });
  const built = await buildApp({ env, web: false, runJobs: options.runJobs, ...(options.logger ? { logger: options.logger } : {}) });
  await built.app.ready();
  return {
    ...built,
    env,
    close: async () => {
      await built.app.close();
      await store.drop();
    },
  };
}
