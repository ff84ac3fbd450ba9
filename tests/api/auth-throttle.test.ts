// The per-account throttle and device cookies (issue 22 item 5, decision 023):
// strangers share 100 failed attempts an hour per account, refused with 429
// before any password is checked; a browser the owner signed in from carries a
// device cookie (HttpOnly, SameSite=Strict, path /admin-login.php) and counts
// only its own failures, so an attack on the account never locks the owner out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { createAdmin } from "#tests/factories/admin.factory.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";

const WRONG_CREDENTIALS = "電子郵件或密碼錯誤";
const QUESTION = /^(\d+) ([+\-×]) (\d+) = \?$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `10.66.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

type Inject = Awaited<ReturnType<TestApp["app"]["inject"]>>;

const post = (payload: object, ip: string, cookie?: string, app = t.app, headers: Record<string, string> = {}): Promise<Inject> =>
  app.inject({ method: "POST", url: "/admin-login.php", remoteAddress: ip, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

function solve(question: string): number {
  const [, a, op, b] = QUESTION.exec(question)!;
  return op === "+" ? Number(a) + Number(b) : op === "-" ? Number(a) - Number(b) : Number(a) * Number(b);
}

/**
 * A sign-in as the most efficient attacker makes it: a maths question fetched and
 * answered every time (ignored while none is required), so no attempt is spent on it.
 */
async function attempt(email: string, password: string, ip: string, cookie?: string, app = t.app): Promise<Inject> {
  const question = (await post({ action: "get_challenge" }, ip, undefined, app)).json().data.question;
  return post({ email, password, math_answer: String(solve(question)) }, ip, cookie, app);
}

/** The Set-Cookie of the device cookie, parsed. */
function deviceCookieOf(res: Inject): { value: string; attributes: string[] } {
  const header = res.headers["set-cookie"];
  const line = (Array.isArray(header) ? header : [header]).find((value) => value?.startsWith("admin_device="));
  expect(line, "a device cookie").toBeDefined();
  const [pair, ...attributes] = line!.split(";").map((part) => part.trim());
  return { value: pair.slice("admin_device=".length), attributes };
}

/** Signs in and answers the browser's cookie header for later requests. */
async function trustedBrowser(email: string, password: string): Promise<string> {
  const res = await attempt(email, password, newAddress());
  expect(res.statusCode).toBe(200);
  return `admin_device=${deviceCookieOf(res).value}`;
}

describe("the device cookie", () => {
  it("a full sign-in sets it: HttpOnly, SameSite=Strict, only for /admin-login.php, long-lived, not Secure over http", async () => {
    const res = await attempt(TEST_ADMIN.email, TEST_ADMIN.password, newAddress());
    expect(res.statusCode).toBe(200);
    const { value, attributes } = deviceCookieOf(res);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(attributes).toContain("HttpOnly");
    expect(attributes).toContain("SameSite=Strict");
    expect(attributes).toContain("Path=/admin-login.php");
    expect(attributes).not.toContain("Secure");
    const maxAge = Number(attributes.find((a) => a.startsWith("Max-Age="))!.split("=")[1]);
    expect(maxAge).toBeGreaterThanOrEqual(90 * 24 * 60 * 60);
    // Stored only as a hash, bound to the account.
    const rows = await t.database.db.selectFrom("login_devices").selectAll().execute();
    expect(rows.some((row) => row.token_hash === value)).toBe(false);
    const admin = await t.database.db.selectFrom("admin_users").select("id").where("email", "=", TEST_ADMIN.email).executeTakeFirstOrThrow();
    expect(rows.filter((row) => row.admin_user_id === admin.id).length).toBeGreaterThanOrEqual(1);
    // Not in the body either.
    expect(res.body).not.toContain(value);
  });

  it("is Secure when the browser came over https (through a trusted proxy)", async () => {
    const res = await post({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }, "127.0.0.1", undefined, t.app, {
      "x-forwarded-proto": "https",
      "x-forwarded-for": newAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(deviceCookieOf(res).attributes).toContain("Secure");
  });

  it("a trusted browser keeps its cookie (renewed), a failed sign-in sets none, and a client without cookies still signs in (the spec's API call)", async () => {
    const admin = await createAdmin(t);
    const cookie = await trustedBrowser(admin.email, admin.password);
    const again = await attempt(admin.email, admin.password, newAddress(), cookie);
    expect(again.statusCode).toBe(200);
    expect(`admin_device=${deviceCookieOf(again).value}`).toBe(cookie);
    const wrong = await attempt(admin.email, "not-the-password", newAddress(), cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    const plain = await post({ email: admin.email, password: admin.password }, newAddress());
    expect(plain.statusCode).toBe(200);
    expect(typeof plain.json().data.token).toBe("string");
  });

  it("a password change forgets every trusted browser of that administrator", async () => {
    const admin = await createAdmin(t);
    await trustedBrowser(admin.email, admin.password);
    const token = (await attempt(admin.email, admin.password, newAddress())).json().data.token;
    const devices = () => t.database.db.selectFrom("login_devices").select("id").where("admin_user_id", "=", admin.id).execute();
    expect((await devices()).length).toBe(2);
    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/change-password",
      headers: { authorization: `Bearer ${token}` },
      payload: { current_password: admin.password, new_password: "a-whole-new-secret", confirm_password: "a-whole-new-secret" },
    });
    expect(res.statusCode).toBe(200);
    expect(await devices()).toEqual([]);
  });
});

describe("the account's hourly budget for strangers", () => {
  it("100 addresses × 9 guesses: at most 100 passwords are checked, the rest refused with 429 and Retry-After; the owner's browser still signs in", { timeout: 120_000 }, async () => {
    const owner = await createAdmin(t, { name: "被攻擊的管理員" });
    const ownersBrowser = await trustedBrowser(owner.email, owner.password);

    const started = performance.now();
    const statuses = new Map<number, number>();
    let evaluated = 0;
    let retryAfter = 0;
    for (let a = 0; a < 100; a++) {
      const ip = newAddress();
      for (let g = 0; g < 9; g++) {
        const res = await attempt(owner.email, `guess-${a}-${g}`, ip);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        // A 401 is a password that was checked (and wrong); 429 is refused before any check.
        if (res.statusCode === 401) {
          expect(res.json().message).toBe(WRONG_CREDENTIALS);
          evaluated += 1;
        } else {
          expect(res.statusCode).toBe(429);
          retryAfter = Number(res.headers["retry-after"]);
          expect(res.json().message).toContain("登入嘗試次數過多");
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`attack: 900 guesses from 100 addresses, ${evaluated} passwords checked, answers ${JSON.stringify(Object.fromEntries(statuses))}, ${seconds} s`);
    expect(evaluated).toBeLessThanOrEqual(100);
    expect(evaluated).toBeGreaterThanOrEqual(90);
    expect(statuses.get(429)).toBeGreaterThanOrEqual(800);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);

    // The right password from a stranger is refused too, before it is checked...
    const stranger = await attempt(owner.email, owner.password, newAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/曾經登入過的瀏覽器/);
    // ...but the owner's browser signs in, from any address, without even the maths question.
    const owners = await post({ email: owner.email, password: owner.password }, newAddress(), ownersBrowser);
    expect(owners.statusCode).toBe(200);
    expect(owners.json().data.user.email).toBe(owner.email);

    // A stranger's cookie for another account is no pass for this one.
    const colleagueBrowser = await trustedBrowser(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await attempt(owner.email, owner.password, newAddress(), colleagueBrowser)).statusCode).toBe(429);
    // A made-up cookie neither.
    expect((await attempt(owner.email, owner.password, newAddress(), `admin_device=${"x".repeat(43)}`)).statusCode).toBe(429);

    // An hour later strangers may try again.
    await t.database.db
      .updateTable("login_attempts")
      .set({ created_at: new Date(Date.now() - 61 * 60 * 1000).toISOString() })
      .where("email", "=", owner.email)
      .execute();
    expect((await attempt(owner.email, owner.password, newAddress())).statusCode).toBe(200);
  });

  it("unknown emails have the same budget (no hint which accounts exist)", async () => {
    const email = `ghost-${Date.now()}@test.example`;
    const now = new Date().toISOString();
    await t.database.db
      .insertInto("login_attempts")
      .values(Array.from({ length: 100 }, () => ({ email, client_ip: newAddress(), succeeded: 0, created_at: now, device_id: null })))
      .execute();
    const res = await attempt(email, "whatever-it-is", newAddress());
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("a trusted browser's own failures do not spend the strangers' budget, and are locked after 10", async () => {
    const admin = await createAdmin(t);
    const cookie = await trustedBrowser(admin.email, admin.password);
    const ip = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await attempt(admin.email, `my-typo-${i}`, ip, cookie)).statusCode);
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(answers[10]).toBe(429);
    // Locked: even the right password from this browser, from any address.
    const locked = await attempt(admin.email, admin.password, newAddress(), cookie);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    const counted = await t.database.db
      .selectFrom("login_attempts")
      .select("device_id")
      .where("email", "=", admin.email)
      .where("succeeded", "=", 0)
      .execute();
    expect(counted.length).toBeGreaterThanOrEqual(10);
    expect(counted.every((row) => row.device_id !== null)).toBe(true);
    // Another browser (a stranger to the account) is not locked by it.
    expect((await attempt(admin.email, admin.password, newAddress())).statusCode).toBe(200);
  });

  it("a stranger on the owner's address cannot block the owner's browser (the pair block does not apply to it)", async () => {
    const admin = await createAdmin(t);
    const cookie = await trustedBrowser(admin.email, admin.password);
    const shared = newAddress();
    for (let i = 0; i < 10; i++) await attempt(admin.email, `attacker-${i}`, shared);
    expect((await attempt(admin.email, admin.password, shared)).statusCode).toBe(429);
    // Same address, the owner's browser: in (after the address's maths question).
    expect((await attempt(admin.email, admin.password, shared, cookie)).statusCode).toBe(200);
  });
});

// Skipped on SQLite: only PostgreSQL can be shared by two instances (SQLite is embedded in one process).
describe.skipIf(process.env.TEST_DB !== "postgres")("two app instances on the same PostgreSQL database", () => {
  it("share the account's budget and the trusted browsers", async () => {
    const second = await buildApp({ env: t.env, web: false });
    await second.app.ready();
    try {
      const admin = await createAdmin(t);
      const cookie = await trustedBrowser(admin.email, admin.password);
      const now = new Date().toISOString();
      await t.database.db
        .insertInto("login_attempts")
        .values(Array.from({ length: 99 }, () => ({ email: admin.email, client_ip: newAddress(), succeeded: 0, created_at: now, device_id: null })))
        .execute();
      // The 100th failure on instance one; instance two refuses the next stranger.
      expect((await attempt(admin.email, "wrong-one", newAddress())).statusCode).toBe(401);
      expect((await attempt(admin.email, admin.password, newAddress(), undefined, second.app)).statusCode).toBe(429);
      // The browser trusted through instance one is trusted by instance two.
      expect((await post({ email: admin.email, password: admin.password }, newAddress(), cookie, second.app)).statusCode).toBe(200);
    } finally {
      await second.app.close();
    }
  });
});
