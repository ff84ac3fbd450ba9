// One transaction per write: a write and everything it implies (file
// references, activity rows, the settings a theme switch saves, outbox jobs)
// commit together or not at all, through the operation runner. Faults are real:
// a database trigger refuses the side-row write (tests/setup/fault-injection.ts),
// on SQLite and PostgreSQL.
import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { localCacheBus } from "#server/lib/cache-bus.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { createOperationRunner } from "#server/lib/operation-runner.ts";
import { access, defineOperation, systemActor, type Actor } from "#server/lib/operations.ts";
import { PublicCache } from "#server/lib/public-cache.ts";
import { createFileReferenceKeeper } from "#server/modules/media/file-references.ts";
import { adminToken, bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { multipart, phoneJpeg } from "#tests/factories/media.factory.ts";
import { failWrites, type InjectedFault } from "#tests/setup/fault-injection.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
let token: string;
let fault: InjectedFault | undefined;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  token = await adminToken(t);
});
afterEach(async () => {
  await fault?.remove();
  fault = undefined;
});
afterAll(async () => t.close());

const admin = () => bearer(token);
const FAULT_ANSWER = expect.stringMatching(/^系統發生錯誤，請稍後再試（代碼 /);

async function uploadImage(): Promise<string> {
  const body = multipart([{ name: "image", content: await phoneJpeg({ width: 320, height: 200, orientation: 1 }), filename: "hero.jpg", contentType: "image/jpeg" }]);
  const res = await t.app.inject({ method: "POST", url: "/api.php/upload", headers: { ...admin(), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.path as string;
}

const createBanner = async (fields: Record<string, unknown>) => {
  const res = await t.app.inject({ method: "POST", url: "/api.php/hero-banners", headers: admin(), payload: { title: "橫幅", ...fields } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; title: string; sort_order: number };
};
const bannerRows = () => t.database.db.selectFrom("hero_banners").selectAll().orderBy("id").execute();
const referencesOf = (ownerType: string, ownerId: string) =>
  t.database.db.selectFrom("media_references").selectAll().where("owner_type", "=", ownerType).where("owner_id", "=", ownerId).execute();
const activityCount = async () => Number((await t.database.db.selectFrom("activity_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("banners: the row, its file references and its activity commit together", () => {
  it("a create whose file-reference write fails leaves no banner, no reference and no activity", async () => {
    const image = await uploadImage();
    const before = { banners: await bannerRows(), activity: await activityCount() };
    fault = await failWrites(t.database, "media_references");

    const res = await t.app.inject({ method: "POST", url: "/api.php/hero-banners", headers: admin(), payload: { title: "不該留下", image_url: image } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: FAULT_ANSWER });
    expect(await bannerRows()).toEqual(before.banners);
    expect(await activityCount()).toBe(before.activity);
  });

  it("a delete whose activity write fails keeps the banner and the references that protect its file", async () => {
    const image = await uploadImage();
    const banner = await createBanner({ title: "保留", image_url: image });
    const references = await referencesOf("banner", String(banner.id));
    expect(references).toHaveLength(1);
    fault = await failWrites(t.database, "activity_log");

    const res = await t.app.inject({ method: "DELETE", url: `/api.php/hero-banners/${banner.id}`, headers: admin() });
    expect(res.statusCode).toBe(500);
    expect((await bannerRows()).some((row) => row.id === banner.id)).toBe(true);
    expect(await referencesOf("banner", String(banner.id))).toEqual(references);
  });

  it("an update whose activity write fails keeps the stored banner and the public list as it was", async () => {
    const banner = await createBanner({ title: "原本的標題" });
    fault = await failWrites(t.database, "activity_log");

    const res = await t.app.inject({ method: "PUT", url: `/api.php/hero-banners/${banner.id}`, headers: admin(), payload: { title: "改不成的標題" } });
    expect(res.statusCode).toBe(500);
    expect((await bannerRows()).find((row) => row.id === banner.id)!.title).toBe("原本的標題");
    const publicList = (await t.app.inject({ method: "GET", url: "/api.php/hero-banners" })).json().data as Array<{ id: number; title: string }>;
    expect(publicList.find((row) => row.id === banner.id)!.title).toBe("原本的標題");
  });
});

describe("a reorder is one transaction", () => {
  it("failing on its third row changes no position at all", async () => {
    const made = [await createBanner({ title: "甲" }), await createBanner({ title: "乙" }), await createBanner({ title: "丙" })];
    const ids = (await bannerRows()).map((row) => row.id);
    const positions = async () => (await bannerRows()).map((row) => [row.id, row.sort_order]);
    const before = await positions();
    const reversed = [...ids].reverse();
    // The third row written is the one that fails.
    fault = await failWrites(t.database, "hero_banners", { operation: "UPDATE", whenId: reversed[2] });

    const res = await t.app.inject({ method: "PUT", url: "/api.php/hero-banners/reorder", headers: admin(), payload: { ids: reversed } });
    expect(res.statusCode).toBe(500);
    expect(await positions()).toEqual(before);
    expect(made).toHaveLength(3);
  });
});

describe("settings and themes", () => {
  it("a settings save whose activity write fails changes no setting, and the public answer stays the same", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/api.php/settings" })).json().data.company_name;
    fault = await failWrites(t.database, "activity_log");

    const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: admin(), payload: { company_name: "不該存下的名稱" } });
    expect(res.statusCode).toBe(500);
    const stored = await t.database.db.selectFrom("settings").select("value").where("key", "=", "company_name").executeTakeFirst();
    expect(stored?.value).toBe(before);
    expect((await t.app.inject({ method: "GET", url: "/api.php/settings" })).json().data.company_name).toBe(before);
  });

  it("a theme switch whose activity write fails leaves the active theme as it was (the setting it saved rolls back with it)", async () => {
    const activeBefore = (await t.services.site.settings.publicSettings()).active_theme_id;
    const other = activeBefore === "1" ? 2 : 1;
    fault = await failWrites(t.database, "activity_log");

    const res = await t.app.inject({ method: "POST", url: `/api.php/themes/${other}/activate`, headers: admin() });
    expect(res.statusCode).toBe(500);
    const stored = await t.database.db.selectFrom("settings").select("value").where("key", "=", "active_theme_id").executeTakeFirst();
    expect(stored?.value).toBe(activeBefore);
    expect((await t.services.site.themes.activeTheme()).id).toBe(Number(activeBefore));
  });

  it("a password change whose activity write fails keeps the old password and every session", async () => {
    const account = await createAdmin(t);
    const session = bearer(await sessionToken(t, account.id));
    const hashOf = async () => (await t.database.db.selectFrom("admin_users").select("password_hash").where("id", "=", account.id).executeTakeFirstOrThrow()).password_hash;
    const hashBefore = await hashOf();
    fault = await failWrites(t.database, "activity_log");

    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/change-password",
      headers: session,
      payload: { current_password: account.password, new_password: "new-password-123", confirm_password: "new-password-123" },
    });
    expect(res.statusCode).toBe(500);
    expect(await hashOf()).toBe(hashBefore);
    expect((await t.app.inject({ method: "GET", url: "/admin-api.php/stats", headers: session })).statusCode).toBe(200);
  });
});

describe("the operation runner", () => {
  const runner = (cache: PublicCache, woken: string[]) =>
    createOperationRunner({
      db: t.database.db,
      bus: localCacheBus(cache),
      jobs: { enqueue: t.jobs.enqueue, wake: () => void woken.push("wake") },
      activity: t.services.activity,
      files: createFileReferenceKeeper({ storage: { keyOf: () => undefined, urlOf: (key) => `/uploads/${key}` }, activity: t.services.activity }),
      logger: t.app.log,
    });
  const jobsOfKind = (kind: string) => t.database.db.selectFrom("jobs").selectAll().where("kind", "=", kind).execute();
  const system = systemActor("test");
  const visitor: Actor = { kind: "visitor", clientIp: "127.0.0.1", userAgent: "vitest" };

  /** An operation of the test: enqueues a job, declares the news tag, and may fail after both. */
  const enqueueing = (kind: string, fail: boolean) =>
    defineOperation({
      name: "test.enqueue",
      access: access.system,
      async run({ tx }) {
        await tx.enqueue(kind, { n: 1 });
        if (fail) throw new Error("the write fails after enqueuing");
      },
      effects: { invalidates: [cacheTags.news] },
    });

  it("a job enqueued in an operation that rolls back does not exist; the runner is not woken and caches are kept", async () => {
    const cache = new PublicCache();
    await cache.remember("kept", [cacheTags.news], async () => "value");
    const woken: string[] = [];
    await expect(runner(cache, woken).run(enqueueing("test.rolled-back", true), { actor: system })).rejects.toThrow("the write fails after enqueuing");
    expect(await jobsOfKind("test.rolled-back")).toEqual([]);
    expect(woken).toEqual([]);
    expect(await cache.remember("kept", [cacheTags.news], async () => "reloaded")).toBe("value");
  });

  it("a committed operation's job exists, the runner is woken and the tags it declared are dropped — after the commit, and no others", async () => {
    const cache = new PublicCache();
    await cache.remember("news", [cacheTags.news], async () => "old");
    await cache.remember("banners", [cacheTags.banners], async () => "untouched");
    const woken: string[] = [];
    let seenInside: string | undefined;
    const operation = defineOperation({
      name: "test.commit",
      access: access.system,
      async run({ tx }) {
        await tx.enqueue("test.committed", { n: 2 });
        // Inside the transaction nothing has been dropped or woken yet.
        seenInside = await cache.remember("news", [cacheTags.news], async () => "reloaded too early");
        expect(woken).toEqual([]);
      },
      effects: { invalidates: [cacheTags.news] },
    });
    await runner(cache, woken).run(operation, { actor: system });
    expect(seenInside).toBe("old");
    expect(await jobsOfKind("test.committed")).toHaveLength(1);
    expect(woken).toEqual(["wake"]);
    expect(await cache.remember("news", [cacheTags.news], async () => "new")).toBe("new");
    expect(await cache.remember("banners", [cacheTags.banners], async () => "reloaded")).toBe("untouched");
  });

  it("an operation run inside another joins its transaction: both roll back together", async () => {
    const inner = enqueueing("test.joined", false);
    const outer = defineOperation({
      name: "test.outer",
      access: access.system,
      async run({ run }) {
        await run(inner, {});
        throw new Error("outer fails");
      },
    });
    await expect(runner(new PublicCache(), []).run(outer, { actor: system })).rejects.toThrow("outer fails");
    expect(await jobsOfKind("test.joined")).toEqual([]);
  });

  it("refuses input its schema refuses with a 400 naming the field, before any work", async () => {
    let ran = false;
    const operation = defineOperation({
      name: "test.input",
      input: z.object({ name: z.string().min(1, "請輸入名稱") }),
      access: access.anyone,
      async run() {
        ran = true;
      },
    });
    await expect(runner(new PublicCache(), []).run(operation, { actor: visitor, input: { name: "" } })).rejects.toMatchObject({ status: 400, errors: { name: "請輸入名稱" } });
    expect(ran).toBe(false);
  });

  it("refuses an actor its access rule refuses: 401 for a visitor, 403 for an administrator the rule does not allow", async () => {
    const operation = defineOperation({
      name: "test.access",
      load: async (_db, id) => ({ ownerId: Number(id) }),
      access: (actor, record) => actor.kind === "admin" && actor.admin.id === record.ownerId,
      async run() {
        return "done";
      },
    });
    const admin: Actor = { kind: "admin", admin: { id: 1, name: "甲", email: "a@example.com", tokenId: 1 } };
    const run = runner(new PublicCache(), []).run;
    await expect(run(operation, { actor: visitor, id: 1 })).rejects.toMatchObject({ status: 401 });
    await expect(run(operation, { actor: admin, id: 2 })).rejects.toMatchObject({ status: 403 });
    expect(await run(operation, { actor: admin, id: 1 })).toBe("done");
  });

  it("records the declared activity as the actor, in the operation's transaction", async () => {
    const account = await createAdmin(t);
    const actor: Actor = { kind: "admin", admin: { id: account.id, name: "乙", email: account.email, tokenId: 0 } };
    const operation = defineOperation({
      name: "test.activity",
      access: access.administrators,
      run: async () => ({ id: 42 }),
      effects: { activity: ({ result }) => ({ entityType: "test", entityId: result.id, summary: "測試的活動紀錄" }) },
    });
    await runner(new PublicCache(), []).run(operation, { actor });
    const row = await t.database.db.selectFrom("activity_log").selectAll().where("action", "=", "test.activity").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ admin_user_id: account.id, entity_type: "test", entity_id: "42", summary: "測試的活動紀錄" });
  });
});
