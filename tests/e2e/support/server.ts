// The real product (production build, page cache and all) on a free local
// port with a fresh database, one per spec file. Settings change through the
// HTTP API as the back office would, so every change also proves that the
// page cache is emptied.
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buildApp } from "#server/app.ts";
import { parseEnv } from "#server/env.ts";
import { adminToken } from "#tests/factories/admin.factory.ts";
import { startFakeDiscord, type FakeDiscord } from "#tests/mocks/fake-discord.ts";
import { startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";
import { createTestDatabase } from "#tests/setup/test-database.ts";

export interface E2EServer {
  baseUrl: string;
  app: TestApp;
  services: TestApp["services"];
  /** Bearer token of an administrator made for this server. */
  token: string;
  /** The fake LINE Messaging API the server is pointed at (LINE_API_BASE_URL): the product never reaches the real one. */
  line: FakeLine;
  /** The fake Discord the server is pointed at (DISCORD_API_BASE_URL): webhooks are accepted only under its baseUrl. */
  discord: FakeDiscord;
  /** POST /admin-api.php/settings; remembers the first value of each key for restoreSettings(). */
  updateSettings(patch: Record<string, string>): Promise<void>;
  /** POST /api.php/themes/{id}/activate; restoreSettings() puts the previous theme back. */
  activateTheme(id: number): Promise<void>;
  /** Puts back every setting changed since the last restore (through the API). */
  restoreSettings(): Promise<void>;
  /** Raw first HTML of a path, as a crawler sees it. */
  fetchPage(pathname: string): Promise<{ status: number; html: string; headers: Headers }>;
  close(): Promise<void>;
}

/** `logger`: for a spec that reads what the server logged (tests/mocks/app-log.ts); silent otherwise. */
export async function startServer(options: { logger?: object } = {}): Promise<E2EServer> {
  const [store, line, discord] = await Promise.all([createTestDatabase(), startFakeLine(), startFakeDiscord()]);
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: "silent",
    LINE_API_BASE_URL: line.baseUrl,
    LINE_DATA_API_BASE_URL: line.dataBaseUrl,
    DISCORD_API_BASE_URL: discord.baseUrl,
  });
  const built = await buildApp({ env, web: { buildDirectory: path.resolve("build") }, ...(options.logger ? { logger: options.logger } : {}) });
  const app: TestApp = {
    ...built,
    env,
    close: async () => {
      await built.app.close();
      await Promise.all([store.drop(), line.close(), discord.close()]);
    },
  };
  try {
    await built.app.listen({ port: 0, host: "127.0.0.1" });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = built.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const token = await adminToken(app);
  const originals = new Map<string, string>();

  async function call(method: string, pathname: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
    const json = JSON.parse(text) as { success?: boolean };
    if (json.success !== true) throw new Error(`${method} ${pathname} did not succeed: ${text}`);
    return json;
  }

  async function remember(keys: string[]) {
    const current = (await built.services.settings.getAll()) as Record<string, string>;
    for (const key of keys) if (!originals.has(key)) originals.set(key, current[key] ?? "");
  }

  return {
    baseUrl,
    app,
    services: built.services,
    token,
    line,
    discord,
    async updateSettings(patch) {
      await remember(Object.keys(patch));
      await call("POST", "/admin-api.php/settings", patch);
    },
    async activateTheme(id) {
      await remember(["active_theme_id"]);
      await call("POST", `/api.php/themes/${id}/activate`);
    },
    async restoreSettings() {
      if (originals.size === 0) return;
      const patch = Object.fromEntries(originals);
      originals.clear();
      await call("POST", "/admin-api.php/settings", patch);
    },
    async fetchPage(pathname) {
      const response = await fetch(`${baseUrl}${pathname}`, { headers: { accept: "text/html" }, redirect: "manual" });
      return { status: response.status, html: await response.text(), headers: response.headers };
    },
    close: () => app.close(),
  };
}
