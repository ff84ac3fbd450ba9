// Optional two-step sign-in (issue 22 item 5, decision 023): enrolment (a secret
// shown until a code confirms it, never after), ten single-use recovery codes
// stored hashed, the sign-in's second step bound to the password step, codes not
// accepted twice, wrong codes counted as failures, switching off with the
// password or a code, and the secret in no answer after enrolment.
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAdmin } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `10.44.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

type Inject = Awaited<ReturnType<TestApp["app"]["inject"]>>;
const login = (payload: object, ip: string, cookie?: string): Promise<Inject> =>
  t.app.inject({ method: "POST", url: "/admin-login.php", remoteAddress: ip, payload, headers: cookie ? { cookie } : {} });
const api = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/admin-api.php/two-factor${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** Lets the next code of the current step be accepted again (the replay guard remembers the last step used). */
const forgetLastStep = (adminId: number) => t.database.db.updateTable("admin_totp").set({ last_step: 0 }).where("admin_user_id", "=", adminId).execute();

async function signedInAdmin() {
  const admin = await createAdmin(t);
  const res = await login({ email: admin.email, password: admin.password }, newAddress());
  expect(res.statusCode).toBe(200);
  return { ...admin, token: res.json().data.token as string };
}

/** An administrator with two-step sign-in on: the secret and the recovery codes the screen showed. */
async function enrolled() {
  const admin = await signedInAdmin();
  const setup = await api("POST", "/setup", admin.token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data;
  const enable = await api("POST", "/enable", admin.token, { code: codeAt(secret) });
  expect(enable.statusCode).toBe(200);
  await forgetLastStep(admin.id);
  return { ...admin, secret: secret as string, recoveryCodes: enable.json().data.recovery_codes as string[] };
}

describe("enrolment", () => {
  it("setup answers a secret, the otpauth address and a QR code picture; status stays off until a code confirms it", async () => {
    const admin = await signedInAdmin();
    expect((await api("GET", "", admin.token)).json().data).toEqual({ enabled: false, recovery_codes_left: 0 });
    const res = await api("POST", "/setup", admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const data = res.json().data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(data.otpauth_url).toContain(`secret=${data.secret}`);
    expect(data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await api("GET", "", admin.token)).json().data.enabled).toBe(false);
    // Not switched on: the password alone still signs in.
    expect((await login({ email: admin.email, password: admin.password }, newAddress())).json().data.token).toBeTypeOf("string");
  });

  it("a wrong code does not switch it on; the right one does and answers 10 recovery codes, stored hashed", async () => {
    const admin = await signedInAdmin();
    const { secret } = (await api("POST", "/setup", admin.token)).json().data;
    const wrong = await api("POST", "/enable", admin.token, { code: "000000" === codeAt(secret) ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toMatch(/驗證碼錯誤/);
    const shaped = await api("POST", "/enable", admin.token, { code: "12ab" });
    expect(shaped.statusCode).toBe(400);
    expect(shaped.json().errors.code).toMatch(/\p{Script=Han}/u);
    expect((await api("GET", "", admin.token)).json().data.enabled).toBe(false);

    const res = await api("POST", "/enable", admin.token, { code: codeAt(secret) });
    expect(res.statusCode).toBe(200);
    const codes: string[] = res.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await api("GET", "", admin.token)).json().data).toEqual({ enabled: true, recovery_codes_left: 10 });

    const stored = await t.database.db.selectFrom("admin_recovery_codes").select("code_hash").where("admin_user_id", "=", admin.id).execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.some((row) => row.code_hash.includes(code.replace("-", "")))).toBe(false);

    // Once on: no new secret, and the secret is in no answer any more.
    expect((await api("POST", "/setup", admin.token)).statusCode).toBe(409);
    const status = await api("GET", "", admin.token);
    expect(status.body).not.toContain(secret);
    expect((await api("POST", "/enable", admin.token, { code: codeAt(secret) })).statusCode).toBe(409);
  });

  it("a new setup before confirming replaces the unfinished secret", async () => {
    const admin = await signedInAdmin();
    const first = (await api("POST", "/setup", admin.token)).json().data.secret;
    const second = (await api("POST", "/setup", admin.token)).json().data.secret;
    expect(second).not.toBe(first);
    expect((await api("POST", "/enable", admin.token, { code: codeAt(first) })).statusCode).toBe(400);
    expect((await api("POST", "/enable", admin.token, { code: codeAt(second) })).statusCode).toBe(200);
  });

  it("needs a signed-in administrator", async () => {
    for (const [method, url] of [["GET", ""], ["POST", "/setup"], ["POST", "/enable"], ["POST", "/disable"]] as const) {
      const res = await t.app.inject({ method, url: `/admin-api.php/two-factor${url}` });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("signing in with two-step sign-in on", () => {
  it("the password answers a pending token, not a session; the code completes the sign-in and sets the device cookie", async () => {
    const admin = await enrolled();
    const ip = newAddress();
    const first = await login({ email: admin.email, password: admin.password }, ip);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toEqual({ two_factor_required: true, pending_token: expect.any(String) });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const second = await login({ pending_token: data.pending_token, code: codeAt(admin.secret) }, ip);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.email).toBe(admin.email);
    expect(String(second.headers["set-cookie"])).toContain("admin_device=");
    expect((await t.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: bearer(second.json().data.token) })).statusCode).toBe(200);
    // The pending token is spent.
    expect((await login({ pending_token: data.pending_token, code: codeAt(admin.secret, 1) }, ip)).statusCode).toBe(401);
  });

  it("a code is not accepted twice, even within its 30 seconds", async () => {
    const admin = await enrolled();
    const ip = newAddress();
    const code = codeAt(admin.secret);
    const pending = async () => (await login({ email: admin.email, password: admin.password }, ip)).json().data.pending_token;
    expect((await login({ pending_token: await pending(), code }, ip)).statusCode).toBe(200);
    const replay = await login({ pending_token: await pending(), code }, ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors.code).toMatch(/驗證碼錯誤或已使用過/);
  });

  it("wrong codes count as failed sign-ins; after 5 the pending token is spent", async () => {
    const admin = await enrolled();
    const ip = newAddress();
    const pending = (await login({ email: admin.email, password: admin.password }, ip)).json().data.pending_token;
    const wrongCode = codeAt(admin.secret) === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      const res = await login({ pending_token: pending, code: wrongCode }, ip);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors).toEqual({ code: "驗證碼錯誤或已使用過，請重新輸入" });
    }
    const failures = await t.database.db.selectFrom("login_attempts").select("id").where("email", "=", admin.email).where("succeeded", "=", 0).execute();
    expect(failures).toHaveLength(5);
    const gone = await login({ pending_token: pending, code: codeAt(admin.secret) }, ip);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toMatch(/重新輸入密碼/);
  });

  it("the pending token belongs to the address that gave the password, and expires", async () => {
    const admin = await enrolled();
    const ip = newAddress();
    const pending = (await login({ email: admin.email, password: admin.password }, ip)).json().data.pending_token;
    expect((await login({ pending_token: pending, code: codeAt(admin.secret) }, newAddress())).statusCode).toBe(401);
    await t.database.db.updateTable("login_second_steps").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("admin_user_id", "=", admin.id).execute();
    expect((await login({ pending_token: pending, code: codeAt(admin.secret) }, ip)).statusCode).toBe(401);
    expect((await login({ pending_token: "x".repeat(43), code: codeAt(admin.secret) }, ip)).statusCode).toBe(401);
  });

  it("a recovery code signs in once (with or without its hyphen, any case), and the count goes down", async () => {
    const admin = await enrolled();
    const ip = newAddress();
    const pending = async () => (await login({ email: admin.email, password: admin.password }, ip)).json().data.pending_token;
    const [code] = admin.recoveryCodes;
    const res = await login({ pending_token: await pending(), code: code.toUpperCase().replace("-", " ") }, ip);
    expect(res.statusCode).toBe(200);
    expect((await api("GET", "", res.json().data.token)).json().data.recovery_codes_left).toBe(9);
    expect((await login({ pending_token: await pending(), code }, ip)).statusCode).toBe(401);
    const activity = await t.database.db.selectFrom("activity_log").select("summary").where("admin_user_id", "=", admin.id).where("action", "=", "auth.login").execute();
    expect(activity.some((row) => row.summary.includes("救援碼"))).toBe(true);
  });

  it("the secret is in no answer and no stored log line after enrolment", async () => {
    const admin = await enrolled();
    const ip = newAddress();
    const first = await login({ email: admin.email, password: admin.password }, ip);
    const second = await login({ pending_token: first.json().data.pending_token, code: codeAt(admin.secret) }, ip);
    const status = await api("GET", "", second.json().data.token);
    for (const res of [first, second, status]) expect(res.body).not.toContain(admin.secret);
    const activity = await t.database.db.selectFrom("activity_log").select("summary").where("admin_user_id", "=", admin.id).execute();
    for (const row of activity) expect(row.summary).not.toContain(admin.secret);
  });
});

describe("switching it off", () => {
  it("needs the password or a code; a wrong one changes nothing", async () => {
    const admin = await enrolled();
    const none = await api("POST", "/disable", admin.token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("請輸入目前密碼或驗證碼");
    const wrong = await api("POST", "/disable", admin.token, { password: "not-my-password" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: "密碼或驗證碼錯誤" });
    expect((await api("POST", "/disable", admin.token, { code: "999999" === codeAt(admin.secret) ? "888888" : "999999" })).statusCode).toBe(400);
    expect((await api("GET", "", admin.token)).json().data.enabled).toBe(true);
  });

  it("with the password: off, recovery codes gone, the password alone signs in again", async () => {
    const admin = await enrolled();
    const res = await api("POST", "/disable", admin.token, { password: admin.password });
    expect(res.statusCode).toBe(200);
    expect((await api("GET", "", admin.token)).json().data).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect(await t.database.db.selectFrom("admin_recovery_codes").select("id").where("admin_user_id", "=", admin.id).execute()).toEqual([]);
    expect((await login({ email: admin.email, password: admin.password }, newAddress())).json().data.token).toBeTypeOf("string");
  });

  it("with a code from the app, or with a recovery code", async () => {
    const byApp = await enrolled();
    expect((await api("POST", "/disable", byApp.token, { code: codeAt(byApp.secret) })).statusCode).toBe(200);
    const byRecovery = await enrolled();
    expect((await api("POST", "/disable", byRecovery.token, { code: byRecovery.recoveryCodes[3] })).statusCode).toBe(200);
    expect((await api("GET", "", byRecovery.token)).json().data.enabled).toBe(false);
  });
});
