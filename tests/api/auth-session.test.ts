// The life of an administrator token (CONTRACT.md, issue 3): revoked by
// POST /admin-api.php/logout, by a password change (every token of that
// administrator), after 7 days without use and 30 days after sign-in however
// often used (issue 22). The password change rules (002 §5, issue 22): all
// three fields required, at least 12 characters (the issue overrides the
// spec's 6, decision 023), not a common password, the new password equal to
// its confirmation and unlike the current one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAdmin } from "#tests/factories/admin.factory.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";

const LOGIN_REQUIRED = "請先登入後台管理系統";
const LOGIN_EXPIRED = "登入已過期，請重新登入";
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `10.88.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

type Inject = Awaited<ReturnType<TestApp["app"]["inject"]>>;

const signIn = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/admin-login.php", remoteAddress: newAddress(), payload: { email, password } });

async function tokenFor(email: string, password: string): Promise<string> {
  const res = await signIn(email, password);
  expect(res.statusCode).toBe(200);
  return res.json().data.token;
}

const settingsWith = (token: string) => t.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: bearer(token) });
const logout = (headers: Record<string, string>) => t.app.inject({ method: "POST", url: "/admin-api.php/logout", headers });
const changePassword = (payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/admin-api.php/change-password", headers, payload: payload as object });

function expectRefused(res: Inject, message: string) {
  expect(res.statusCode).toBe(401);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ success: false, message });
}

const tokenRows = (adminId: number) => t.database.db.selectFrom("admin_tokens").selectAll().where("admin_user_id", "=", adminId).execute();

describe("POST /admin-api.php/logout", () => {
  it("revokes the presented token, not another token of the same administrator", async () => {
    const admin = await createAdmin(t);
    const first = await tokenFor(admin.email, admin.password);
    const second = await tokenFor(admin.email, admin.password);
    expect((await tokenRows(admin.id)).length).toBe(2);

    const res = await logout(bearer(first));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ success: true, data: null, message: "已登出" });

    expectRefused(await settingsWith(first), LOGIN_EXPIRED);
    expect((await settingsWith(second)).statusCode).toBe(200);
    expect((await tokenRows(admin.id)).length).toBe(1);
  });

  it("a revoked token cannot log out again", async () => {
    const admin = await createAdmin(t);
    const token = await tokenFor(admin.email, admin.password);
    expect((await logout(bearer(token))).statusCode).toBe(200);
    expectRefused(await logout(bearer(token)), LOGIN_EXPIRED);
  });

  it("without a token: 401", async () => {
    expectRefused(await logout({}), LOGIN_REQUIRED);
    expectRefused(await logout({ authorization: "Bearer public" }), LOGIN_REQUIRED);
  });
});

describe("POST /admin-api.php/change-password", () => {
  const body = (current: string, next: string, confirm = next) => ({ current_password: current, new_password: next, confirm_password: confirm });

  it("without a token: 401 and nothing changes", async () => {
    const admin = await createAdmin(t);
    expectRefused(await changePassword(body(admin.password, "brand-new-pass-1"), {}), LOGIN_REQUIRED);
    expectRefused(await changePassword(body(admin.password, "brand-new-pass-1"), { authorization: "Bearer public" }), LOGIN_REQUIRED);
    expect((await signIn(admin.email, admin.password)).statusCode).toBe(200);
  });

  describe("each password rule (all fields required, at least 12 characters, not a common password, confirmed, unlike the current one) answers 400 with its message, and changes nothing (002 §5)", () => {
    let admin: Awaited<ReturnType<typeof createAdmin>>;
    let token: string;
    beforeAll(async () => {
      admin = await createAdmin(t);
      token = await tokenFor(admin.email, admin.password);
    });

    const cases: Array<[string, () => object, string]> = [
      ["no fields at all", () => ({}), "所有欄位都是必填的"],
      ["current password missing", () => ({ new_password: "brand-new-pass-1", confirm_password: "brand-new-pass-1" }), "所有欄位都是必填的"],
      ["new password missing", () => ({ current_password: admin.password, confirm_password: "brand-new-pass-1" }), "所有欄位都是必填的"],
      ["confirmation missing", () => ({ current_password: admin.password, new_password: "brand-new-pass-1" }), "所有欄位都是必填的"],
      ["a field empty", () => body(admin.password, "", ""), "所有欄位都是必填的"],
      ["new password of 11 characters", () => body(admin.password, "abcdefghijk"), "密碼至少需要 12 個字元"],
      ["new password of 6 characters (the spec's old minimum)", () => body(admin.password, "abcdef"), "密碼至少需要 12 個字元"],
      ["a common password", () => body(admin.password, "qwerty123456"), "這個密碼太常見，很容易被猜中，請改用其他密碼"],
      ["a common password in other letter case", () => body(admin.password, "1QAZ2WSX3EDC"), "這個密碼太常見，很容易被猜中，請改用其他密碼"],
      ["confirmation different", () => body(admin.password, "brand-new-pass-1", "brand-new-pass-2"), "新密碼與確認密碼不符"],
      ["new password equal to the current one", () => body(admin.password, admin.password), "新密碼不能與舊密碼相同"],
      ["wrong current password", () => body("not-my-password", "brand-new-pass-1"), "目前密碼錯誤"],
    ];

    it.each(cases)("%s", async (_label, payload, message) => {
      const hashBefore = (await t.database.db.selectFrom("admin_users").select("password_hash").where("id", "=", admin.id).executeTakeFirstOrThrow()).password_hash;
      const res = await changePassword(payload(), bearer(token));
      expect(res.statusCode).toBe(400);
      const answer = res.json();
      expect(answer.success).toBe(false);
      // The screen shows the server's message (002 §8), so the rule's own words are the message.
      expect(answer.message).toBe(message);
      if (answer.errors !== undefined) expect(Object.values(answer.errors)).toContain(message);

      // Nothing changed: same hash, the token still works, the password still signs in.
      const hashAfter = (await t.database.db.selectFrom("admin_users").select("password_hash").where("id", "=", admin.id).executeTakeFirstOrThrow()).password_hash;
      expect(hashAfter).toBe(hashBefore);
      expect((await settingsWith(token)).statusCode).toBe(200);
    });

    it("after all those refusals the old password still signs in", async () => {
      expect((await signIn(admin.email, admin.password)).statusCode).toBe(200);
    });

    it("a new password of exactly 12 characters is accepted", async () => {
      const other = await createAdmin(t);
      const otherToken = await tokenFor(other.email, other.password);
      const res = await changePassword(body(other.password, "tidy-harbour"), bearer(otherToken));
      expect(res.statusCode).toBe(200);
      expect((await signIn(other.email, "tidy-harbour")).statusCode).toBe(200);
    });

    it("the common-password refusal is the new password field's message (the screen shows it beside the field)", async () => {
      const res = await changePassword(body(admin.password, "qwerty123456"), bearer(token));
      expect(res.json().errors).toEqual({ new_password: "這個密碼太常見，很容易被猜中，請改用其他密碼" });
    });
  });

  it("success: every token of that administrator is revoked, others' are not; only the new password signs in", async () => {
    const admin = await createAdmin(t, { name: "改密碼的管理員" });
    const used = await tokenFor(admin.email, admin.password);
    const another = await tokenFor(admin.email, admin.password);
    const colleague = await tokenFor(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await tokenRows(admin.id)).length).toBe(2);

    const res = await changePassword(body(admin.password, "a-brand-new-password"), bearer(used));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const answer = res.json();
    expect(answer.success).toBe(true);
    expect(answer.message).toMatch(/\p{Script=Han}/u);
    for (const leak of ["a-brand-new-password", admin.password, "scrypt$"]) expect(res.body).not.toContain(leak);

    expectRefused(await settingsWith(used), LOGIN_EXPIRED);
    expectRefused(await settingsWith(another), LOGIN_EXPIRED);
    expect(await tokenRows(admin.id)).toEqual([]);
    expect((await settingsWith(colleague)).statusCode).toBe(200);

    const old = await signIn(admin.email, admin.password);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ success: false, message: "電子郵件或密碼錯誤" });
    const fresh = await signIn(admin.email, "a-brand-new-password");
    expect(fresh.statusCode).toBe(200);
    expect((await settingsWith(fresh.json().data.token)).statusCode).toBe(200);

    // Stored hashed, never as given.
    const row = await t.database.db.selectFrom("admin_users").select("password_hash").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain("a-brand-new-password");
    expect(row.password_hash.startsWith("scrypt$")).toBe(true);

    const activity = await t.database.db.selectFrom("activity_log").select("action").where("admin_user_id", "=", admin.id).execute();
    expect(activity.map((entry) => entry.action)).toContain("auth.password");
  });
});

describe("30 days after sign-in, however often used", () => {
  const setCreated = async (adminId: number, at: Date) => {
    const rows = await tokenRows(adminId);
    expect(rows).toHaveLength(1);
    // Used a moment ago: the idle rule alone would keep it.
    await t.database.db.updateTable("admin_tokens").set({ created_at: at.toISOString(), last_used_at: new Date().toISOString() }).where("id", "=", rows[0].id).execute();
    return rows[0].id;
  };

  it("a token signed in 31 days ago and used every day: 401 登入已過期，請重新登入 and the row is deleted", async () => {
    const admin = await createAdmin(t);
    const token = await tokenFor(admin.email, admin.password);
    const id = await setCreated(admin.id, new Date(Date.now() - 31 * DAY_MS));
    expectRefused(await settingsWith(token), LOGIN_EXPIRED);
    expect(await t.database.db.selectFrom("admin_tokens").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("a token signed in 29 days ago and used daily still works", async () => {
    const admin = await createAdmin(t);
    const token = await tokenFor(admin.email, admin.password);
    await setCreated(admin.id, new Date(Date.now() - 29 * DAY_MS));
    expect((await settingsWith(token)).statusCode).toBe(200);
  });
});

describe("7-day idle expiry", () => {
  const setLastUsed = async (adminId: number, at: Date) => {
    const rows = await tokenRows(adminId);
    expect(rows).toHaveLength(1);
    await t.database.db.updateTable("admin_tokens").set({ last_used_at: at.toISOString() }).where("id", "=", rows[0].id).execute();
    return rows[0].id;
  };

  it("a token unused for more than 7 days: 401 登入已過期，請重新登入 and the row is deleted", async () => {
    const admin = await createAdmin(t);
    const token = await tokenFor(admin.email, admin.password);
    const id = await setLastUsed(admin.id, new Date(Date.now() - 8 * DAY_MS));
    expectRefused(await settingsWith(token), LOGIN_EXPIRED);
    expect(await t.database.db.selectFrom("admin_tokens").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    // And it stays refused.
    expectRefused(await settingsWith(token), LOGIN_EXPIRED);
  });

  it("a token last used 6 days ago still works, and its idle clock restarts", async () => {
    const admin = await createAdmin(t);
    const token = await tokenFor(admin.email, admin.password);
    const sixDaysAgo = new Date(Date.now() - 6 * DAY_MS);
    const id = await setLastUsed(admin.id, sixDaysAgo);
    expect((await settingsWith(token)).statusCode).toBe(200);
    const row = await t.database.db.selectFrom("admin_tokens").select("last_used_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(Date.parse(row.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await settingsWith(token)).statusCode).toBe(200);
  });
});
