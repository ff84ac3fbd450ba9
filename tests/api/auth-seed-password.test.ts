// ADMIN_PASSWORD follows the password rules when it creates the first
// administrator (issue 22, decision 023): refused at seed, before anything is
// written, with the reason for the operator; a start without it generates a
// password that passes the rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "#server/modules/auth/password.ts";
import { passwordProblem } from "#server/modules/auth/password-policy.ts";
import { seedIfEmpty } from "#server/modules/seed/seed.service.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The database as before its first start: no seed marker, no administrator. */
async function unseed() {
  await t.database.db.deleteFrom("app_meta").where("key", "=", "seeded_at").execute();
  for (const table of ["service_types", "service_items", "service_categories", "pages", "themes", "settings", "admin_users"] as const) {
    await t.database.db.deleteFrom(table).execute();
  }
}

const silent = { info: () => {}, warn: () => {} } as never;

describe("ADMIN_PASSWORD at seed", () => {
  it.each([
    ["11 characters", "abcdefghijk", /at least 12 characters/],
    ["a common password", "qwerty123456", /common passwords/],
  ])("%s: the seed refuses with the reason and writes nothing", async (_label, password, reason) => {
    await unseed();
    await expect(seedIfEmpty(t.database.db, { adminEmail: "owner@test.example", adminPassword: password, logger: silent })).rejects.toThrow(reason);
    expect(await t.database.db.selectFrom("admin_users").select("id").execute()).toEqual([]);
    expect(await t.database.db.selectFrom("app_meta").select("key").where("key", "=", "seeded_at").executeTakeFirst()).toBeUndefined();
  });

  it("an accepted password creates the administrator", async () => {
    await unseed();
    expect(await seedIfEmpty(t.database.db, { adminEmail: "owner@test.example", adminPassword: "tidy-harbour-2026", logger: silent })).toBe(true);
    const admin = await t.database.db.selectFrom("admin_users").selectAll().executeTakeFirstOrThrow();
    expect(await verifyPassword("tidy-harbour-2026", admin.password_hash)).toBe(true);
  });

  it("without ADMIN_PASSWORD the generated password passes the rules", async () => {
    await unseed();
    let printed = "";
    const logger = { info: () => {}, warn: (_obj: unknown, message: string) => (printed = message) };
    expect(await seedIfEmpty(t.database.db, { logger: logger as never })).toBe(true);
    const generated = /generated password: (\S+)$/.exec(printed)![1];
    expect(await passwordProblem(generated)).toBeNull();
    const admin = await t.database.db.selectFrom("admin_users").selectAll().executeTakeFirstOrThrow();
    expect(await verifyPassword(generated, admin.password_hash)).toBe(true);
  });
});
