// Sign-in through POST /admin-login.php (001 §2, §4, §5, §7; issue 3):
// the maths challenge, tokens stored hashed, the same answer and the same cost
// for an unknown email and a wrong password, the challenge after 3 failures,
// the block after 10, and counters that live in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { bearer, createAdmin } from "#tests/factories/admin.factory.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";

const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const WRONG_CREDENTIALS = "電子郵件或密碼錯誤";
const CHALLENGE_NEEDED = "請完成數學驗證";
const CHALLENGE_WRONG = "數學驗證答案錯誤，請重新作答";
const QUESTION = /^(\d+) ([+\-×]) (\d+) = \?$/;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Every test signs in from its own addresses, so no counter leaks between tests
// (nor the per-address flood limit of the route).
let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

type Inject = Awaited<ReturnType<TestApp["app"]["inject"]>>;

const post = (payload: unknown, ip: string, app = t.app): Promise<Inject> =>
  app.inject({ method: "POST", url: "/admin-login.php", remoteAddress: ip, payload: payload as object });

const signIn = (email: string, password: string, ip: string, mathAnswer?: string | number, app = t.app) =>
  post(mathAnswer === undefined ? { email, password } : { email, password, math_answer: mathAnswer }, ip, app);

function solve(question: string): number {
  const match = QUESTION.exec(question);
  if (!match) throw new Error(`not a maths question: ${question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  return op === "+" ? a + b : op === "-" ? a - b : a * b;
}

/** Fetches a question for `ip` and answers it from the question itself. */
async function challengeAnswer(ip: string, app = t.app): Promise<number> {
  const res = await post({ action: "get_challenge" }, ip, app);
  expect(res.statusCode).toBe(200);
  return solve(res.json().data.question);
}

/** The answer the server keeps for the open challenge of `ip`. */
async function storedAnswer(ip: string): Promise<string> {
  const row = await t.database.db
    .selectFrom("login_challenges")
    .select("answer")
    .where("client_ip", "=", ip)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return row.answer;
}

const failuresOf = async (email: string) =>
  Number(
    (
      await t.database.db
        .selectFrom("login_attempts")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("email", "=", email.toLowerCase())
        .where("succeeded", "=", 0)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Three failed sign-ins for `email`, each from a new address: the account now needs the challenge. */
async function failThreeTimesFromAnywhere(email: string) {
  for (let i = 0; i < 3; i++) expect((await signIn(email, "wrong-password", newAddress())).statusCode).toBe(401);
}

function expectSignedIn(res: Inject, email: string) {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.success).toBe(true);
  expect(body.data.user.email).toBe(email.toLowerCase());
  expect(typeof body.data.token).toBe("string");
  return body.data.token as string;
}

function expectChallengeRefusal(res: Inject, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ success: false, message, errors: { math_answer: message } });
}

describe("{action: get_challenge}", () => {
  it("answers a simple arithmetic question, the same the server will check", async () => {
    const ip = newAddress();
    const res = await post({ action: "get_challenge" }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data)).toEqual(["question"]);
    expect(body.data.question).toMatch(QUESTION);
    expect(await storedAnswer(ip)).toBe(String(solve(body.data.question)));
    // The answer itself never travels to the client.
    expect(res.body).not.toContain("answer");
  });

  it("every question is a +, - or × of small numbers with a non-negative answer", async () => {
    const ip = newAddress();
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const res = await post({ action: "get_challenge" }, ip);
      expect(res.statusCode).toBe(200);
      const question: string = res.json().data.question;
      const [, a, op, b] = QUESTION.exec(question)!;
      seen.add(op);
      for (const operand of [Number(a), Number(b)]) {
        expect(operand).toBeGreaterThanOrEqual(0);
        expect(operand).toBeLessThan(100);
      }
      expect(solve(question)).toBeGreaterThanOrEqual(0);
      // A new question replaces the open one of this address.
      expect(await storedAnswer(ip)).toBe(String(solve(question)));
    }
    expect(seen.size).toBeGreaterThanOrEqual(2);
  });
});

describe("a successful sign-in", () => {
  it("answers a long opaque token and the user without any password data", async () => {
    const res = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, newAddress());
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe("登入成功");
    expect(typeof body.data.token).toBe("string");
    expect(body.data.token.length).toBeGreaterThanOrEqual(40);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Object.keys(body.data).sort()).toEqual(["token", "user"]);
    expect(body.data.user).toEqual({ id: expect.any(Number), name: "系統管理員", email: TEST_ADMIN.email });
    for (const leak of ["password", "hash", "scrypt$", TEST_ADMIN.password]) expect(res.body).not.toContain(leak);
  });

  it("the token opens the administrator API", async () => {
    const token = expectSignedIn(await signIn(TEST_ADMIN.email, TEST_ADMIN.password, newAddress()), TEST_ADMIN.email);
    const res = await t.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });

  it("stores the token only as a hash, and every sign-in gets a new token", async () => {
    const ip = newAddress();
    const first = expectSignedIn(await signIn(TEST_ADMIN.email, TEST_ADMIN.password, ip), TEST_ADMIN.email);
    const second = expectSignedIn(await signIn(TEST_ADMIN.email, TEST_ADMIN.password, ip), TEST_ADMIN.email);
    expect(second).not.toBe(first);
    const rows = await t.database.db.selectFrom("admin_tokens").selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.token_hash).not.toBe(first);
      expect(row.token_hash).not.toBe(second);
      for (const value of Object.values(row)) {
        expect(String(value)).not.toContain(first);
        expect(String(value)).not.toContain(second);
      }
    }
    const mine = rows.filter((row) => row.client_ip === ip);
    expect(mine).toHaveLength(2);
  });

  it("accepts the email in another letter case", async () => {
    expectSignedIn(await signIn(TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password, newAddress()), TEST_ADMIN.email);
  });

  it("writes an auth.login row to the activity log and sets last_login_at", async () => {
    const admin = await createAdmin(t, { name: "活動紀錄測試員" });
    const before = new Date(Date.now() - 1000).toISOString();
    expectSignedIn(await signIn(admin.email, admin.password, newAddress()), admin.email);
    const rows = await t.database.db.selectFrom("activity_log").selectAll().where("admin_user_id", "=", admin.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "auth.login", admin_user_id: admin.id });
    expect(rows[0].summary).toContain("活動紀錄測試員");
    expect(rows[0].created_at >= before).toBe(true);
    const user = await t.database.db.selectFrom("admin_users").select("last_login_at").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(user.last_login_at).not.toBeNull();
    expect(user.last_login_at! >= before).toBe(true);
  });
});

describe("input validation", () => {
  it.each([
    ["nothing", {}],
    ["empty strings", { email: "", password: "" }],
    ["blank email", { email: "   ", password: "" }],
  ])("%s: 400 with errors.email and errors.password", async (_label, payload) => {
    const res = await post(payload, newAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: VALIDATION_MESSAGE, errors: { email: "請輸入電子郵件", password: "請輸入密碼" } });
  });

  it("only the password missing: errors.password alone", async () => {
    const res = await post({ email: TEST_ADMIN.email }, newAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: VALIDATION_MESSAGE, errors: { password: "請輸入密碼" } });
  });

  it("only the email missing: errors.email alone", async () => {
    const res = await post({ password: TEST_ADMIN.password }, newAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: VALIDATION_MESSAGE, errors: { email: "請輸入電子郵件" } });
  });

  it("a malformed email: 400 errors.email", async () => {
    const res = await post({ email: "not-an-email", password: "x" }, newAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: VALIDATION_MESSAGE, errors: { email: "電子郵件格式不正確" } });
  });

  it("invalid input does not count as a failed sign-in", async () => {
    const admin = await createAdmin(t);
    const ip = newAddress();
    for (let i = 0; i < 4; i++) expect((await post({ email: admin.email }, ip)).statusCode).toBe(400);
    expect(await failuresOf(admin.email)).toBe(0);
    expectSignedIn(await signIn(admin.email, admin.password, ip), admin.email);
  });

  it.each([["an array", "[]"], ["a string", '"x"'], ["null", "null"], ["malformed JSON", '{"email":']])("a body that is %s: 400, never 500", async (_label, raw) => {
    const res = await t.app.inject({ method: "POST", url: "/admin-login.php", remoteAddress: newAddress(), headers: { "content-type": "application/json" }, payload: raw });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(/\p{Script=Han}/u);
  });
});

describe("unknown email and wrong password look the same", () => {
  it("same status, same message, same body", async () => {
    const admin = await createAdmin(t);
    const wrongPassword = await signIn(admin.email, "not-the-password", newAddress());
    const unknownEmail = await signIn("nobody-here@test.example", "not-the-password", newAddress());
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ success: false, message: WRONG_CREDENTIALS });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(unknownEmail.headers["retry-after"]).toBeUndefined();
    expect(wrongPassword.headers["retry-after"]).toBeUndefined();
  });

  // Other test files hash passwords on the same cores at the same time, so one
  // run can be noisy: pairs taken back to back, the median of the pairs' ratios,
  // and a retry. A real difference (a skipped hash) fails every time.
  it("and take the same time: the password hash is checked either way", { retry: 2 }, async () => {
    const N = 10;
    const admins = await Promise.all(Array.from({ length: N + 1 }, () => createAdmin(t)));
    const timed = async (email: string) => {
      const ip = newAddress();
      const started = performance.now();
      const res = await signIn(email, "wrong-password-123", ip);
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: WRONG_CREDENTIALS });
      return elapsed;
    };
    // Warm-up: first calls pay for JIT and pool connections.
    await timed(`warmup-${Date.now()}@test.example`);
    await timed(admins[N].email);

    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < N; i++) {
      // Alternate the order so drift in machine load hits both sides alike.
      const unknownEmail = `unknown-${i}-${Date.now()}@test.example`;
      if (i % 2 === 0) {
        unknown.push(await timed(unknownEmail));
        wrong.push(await timed(admins[i].email));
      } else {
        wrong.push(await timed(admins[i].email));
        unknown.push(await timed(unknownEmail));
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
    };
    const [mu, mw] = [median(unknown), median(wrong)];
    const ratio = median(unknown.map((u, i) => u / wrong[i]));
    const report = `unknown ${unknown.map(Math.round).join(",")} ms; wrong password ${wrong.map(Math.round).join(",")} ms`;
    // A skipped hash for unknown emails would answer in well under 5 ms.
    expect(mu, report).toBeGreaterThanOrEqual(5);
    expect(mw, report).toBeGreaterThanOrEqual(5);
    // Within 35% of each other.
    expect(ratio, report).toBeGreaterThan(0.65);
    expect(ratio, report).toBeLessThan(1 / 0.65);
    expect(Math.abs(mu - mw) / Math.max(mu, mw), report).toBeLessThan(0.35);
  });
});

describe("the maths challenge after 3 failures within 15 minutes", () => {
  it("for an account, from 3 different addresses: the 3rd answer says so, the 4th needs the answer", async () => {
    const admin = await createAdmin(t);
    const answers: Inject[] = [];
    for (let i = 0; i < 3; i++) answers.push(await signIn(admin.email, "wrong-password", newAddress()));
    expect(answers[0].json()).toEqual({ success: false, message: WRONG_CREDENTIALS });
    expect(answers[1].json()).toEqual({ success: false, message: WRONG_CREDENTIALS });
    expect(answers[2].statusCode).toBe(401);
    expect(answers[2].json()).toEqual({
      success: false,
      message: WRONG_CREDENTIALS,
      errors: { math_answer: "登入失敗次數過多，請完成數學驗證後再試" },
    });

    // Even the right password, from yet another address, now needs the answer.
    const ip = newAddress();
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip), CHALLENGE_NEEDED);
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip, ""), CHALLENGE_NEEDED);

    // With a question for this address and its answer, the right password gets in.
    const answer = await challengeAnswer(ip);
    expect(await storedAnswer(ip)).toBe(String(answer));
    expectSignedIn(await signIn(admin.email, admin.password, ip, String(answer)), admin.email);
  });

  it("for an address, across 3 different emails", async () => {
    const ip = newAddress();
    const answers: Inject[] = [];
    for (let i = 0; i < 3; i++) answers.push(await signIn(`stranger-${i}-${Date.now()}@test.example`, "guess", ip));
    expect(answers.map((res) => res.statusCode)).toEqual([401, 401, 401]);
    expect(answers[1].json().errors).toBeUndefined();
    expect(answers[2].json().errors).toEqual({ math_answer: "登入失敗次數過多，請完成數學驗證後再試" });

    // An account with no failures of its own is still challenged from this address...
    const admin = await createAdmin(t);
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip), CHALLENGE_NEEDED);
    // ...but not from another one.
    expectSignedIn(await signIn(admin.email, admin.password, newAddress()), admin.email);
    // From this address it gets in with the answer (a number is accepted as well as text).
    const answer = await challengeAnswer(ip);
    expectSignedIn(await signIn(admin.email, admin.password, ip, answer), admin.email);
  });

  it("the answer is single use", async () => {
    const admin = await createAdmin(t);
    await failThreeTimesFromAnywhere(admin.email);
    const ip = newAddress();
    const answer = await challengeAnswer(ip);
    // Right answer, wrong password: an ordinary failure, and the question is spent.
    const failed = await signIn(admin.email, "still-wrong", ip, answer);
    expect(failed.statusCode).toBe(401);
    expect(failed.json().message).toBe(WRONG_CREDENTIALS);
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip, answer), CHALLENGE_WRONG);
    const stored = await t.database.db.selectFrom("login_challenges").select(["used_at"]).where("client_ip", "=", ip).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].used_at).not.toBeNull();
  });

  it("a wrong answer: 400, counted as a failure, and the question is spent", async () => {
    const admin = await createAdmin(t);
    await failThreeTimesFromAnywhere(admin.email);
    const ip = newAddress();
    const answer = await challengeAnswer(ip);
    const before = await failuresOf(admin.email);
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip, String(answer + 1)), CHALLENGE_WRONG);
    expect(await failuresOf(admin.email)).toBe(before + 1);
    // The right answer to the spent question no longer works either.
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip, String(answer)), CHALLENGE_WRONG);
    expect(await failuresOf(admin.email)).toBe(before + 2);
    // A missing answer counts as well.
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip), CHALLENGE_NEEDED);
    expect(await failuresOf(admin.email)).toBe(before + 3);
    // A new question, answered right: in.
    expectSignedIn(await signIn(admin.email, admin.password, ip, String(await challengeAnswer(ip))), admin.email);
  });

  it("a question belongs to the address that fetched it", async () => {
    const admin = await createAdmin(t);
    await failThreeTimesFromAnywhere(admin.email);
    const mine = newAddress();
    const theirs = newAddress();
    const answer = await challengeAnswer(theirs);
    expectChallengeRefusal(await signIn(admin.email, admin.password, mine, answer), CHALLENGE_WRONG);
    // The other address's question was not spent by that attempt.
    expectSignedIn(await signIn(admin.email, admin.password, theirs, answer), admin.email);
  });

  it("an expired question is refused", async () => {
    const admin = await createAdmin(t);
    await failThreeTimesFromAnywhere(admin.email);
    const ip = newAddress();
    const answer = await challengeAnswer(ip);
    await t.database.db
      .updateTable("login_challenges")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("client_ip", "=", ip)
      .execute();
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip, answer), CHALLENGE_WRONG);
  });

  it("a successful sign-in clears the requirement for that account and address", async () => {
    const admin = await createAdmin(t);
    const ip = newAddress();
    for (let i = 0; i < 3; i++) expect((await signIn(admin.email, "wrong-password", ip)).statusCode).toBe(401);
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip), CHALLENGE_NEEDED);
    expectSignedIn(await signIn(admin.email, admin.password, ip, await challengeAnswer(ip)), admin.email);

    // No question needed any more, from this address or another.
    expectSignedIn(await signIn(admin.email, admin.password, ip), admin.email);
    const wrong = await signIn(admin.email, "wrong-again", ip);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: WRONG_CREDENTIALS });
    expectSignedIn(await signIn(admin.email, admin.password, newAddress()), admin.email);
  });

  it("failures older than 15 minutes do not count", async () => {
    const admin = await createAdmin(t);
    await failThreeTimesFromAnywhere(admin.email);
    const ip = newAddress();
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip), CHALLENGE_NEEDED);
    await t.database.db
      .updateTable("login_attempts")
      .set({ created_at: new Date(Date.now() - 16 * 60 * 1000).toISOString() })
      .where("email", "=", admin.email)
      .execute();
    expectSignedIn(await signIn(admin.email, admin.password, ip), admin.email);
  });
});

describe("the block after 10 failures for an account and address", () => {
  /** Ten failed sign-ins from `ip`, answering the challenge right whenever it is required. */
  async function failTenTimes(email: string, ip: string): Promise<Inject[]> {
    const answers: Inject[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = i < 3 ? undefined : await challengeAnswer(ip);
      answers.push(await signIn(email, `wrong-${i}`, ip, answer));
    }
    return answers;
  }

  function expectBlocked(res: Inject, requestedAt: number) {
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["message", "success"]);
    expect(body.success).toBe(false);
    expect(body.message).toContain("登入嘗試次數過多");
    const retryAfter = Number(res.headers["retry-after"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The message names the time (Taiwan time) at which signing in works again.
    const clock = (at: number) =>
      new Date(at).toLocaleTimeString("zh-TW", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Taipei" });
    const candidates = new Set([-2000, 0, 2000].map((slack) => clock(requestedAt + retryAfter * 1000 + slack)));
    expect([...candidates].some((time) => body.message.includes(time))).toBe(true);
    return retryAfter;
  }

  it("blocks with 429, a retry time and Retry-After; even the right password and answer", async () => {
    const admin = await createAdmin(t);
    const ip = newAddress();
    const answers = await failTenTimes(admin.email, ip);
    expect(answers.slice(0, 9).map((res) => res.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401]);
    for (const res of answers.slice(0, 9)) expect(res.json().message).toBe(WRONG_CREDENTIALS);
    // The 10th failure either answers the block at once or is the last 401.
    expect([401, 429]).toContain(answers[9].statusCode);

    const requestedAt = Date.now();
    const blocked = await signIn(admin.email, admin.password, ip, await challengeAnswer(ip));
    const retryAfter = expectBlocked(blocked, requestedAt);
    expect(retryAfter).toBeGreaterThan(14 * 60 - 30);

    // Still blocked without an answer, and with a wrong one.
    expectBlocked(await signIn(admin.email, admin.password, ip), Date.now());
    expectBlocked(await signIn(admin.email, admin.password, ip, "0"), Date.now());
  });

  it("blocks the pair only: another address still gets in (with the challenge), another account from this address too", async () => {
    const admin = await createAdmin(t);
    const ip = newAddress();
    await failTenTimes(admin.email, ip);
    expectBlocked(await signIn(admin.email, admin.password, ip), Date.now());

    const elsewhere = newAddress();
    expectChallengeRefusal(await signIn(admin.email, admin.password, elsewhere), CHALLENGE_NEEDED);
    expectSignedIn(await signIn(admin.email, admin.password, elsewhere, await challengeAnswer(elsewhere)), admin.email);

    // A success elsewhere does not lift the block of this pair.
    expectBlocked(await signIn(admin.email, admin.password, ip, await challengeAnswer(ip)), Date.now());

    // Another account from the blocked address: challenged (the address has failures), not blocked.
    const colleague = await createAdmin(t);
    expectChallengeRefusal(await signIn(colleague.email, colleague.password, ip), CHALLENGE_NEEDED);
    expectSignedIn(await signIn(colleague.email, colleague.password, ip, await challengeAnswer(ip)), colleague.email);
  });

  it("an unknown email is blocked just the same (no hint that the account does not exist)", async () => {
    const ip = newAddress();
    const email = `ghost-${Date.now()}@test.example`;
    await failTenTimes(email, ip);
    const res = await signIn(email, "whatever", ip, await challengeAnswer(ip));
    expectBlocked(res, Date.now());
  });

  it("lifts once the failures are older than 15 minutes", async () => {
    const admin = await createAdmin(t);
    const ip = newAddress();
    await failTenTimes(admin.email, ip);
    expectBlocked(await signIn(admin.email, admin.password, ip, await challengeAnswer(ip)), Date.now());

    // Only part of the window passed: the 5 oldest failures leave it, 5 remain: not blocked, but challenged.
    const rows = await t.database.db.selectFrom("login_attempts").select("id").where("email", "=", admin.email).orderBy("id").execute();
    const old = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await t.database.db.updateTable("login_attempts").set({ created_at: old }).where("id", "in", rows.slice(0, rows.length - 5).map((row) => row.id)).execute();
    expectChallengeRefusal(await signIn(admin.email, admin.password, ip), CHALLENGE_NEEDED);

    // The whole window passed: no block, no challenge.
    await t.database.db.updateTable("login_attempts").set({ created_at: old }).where("email", "=", admin.email).execute();
    expectSignedIn(await signIn(admin.email, admin.password, ip), admin.email);
  });
});

// Counters live in the database, so app instances behind a load balancer share
// them.
// Skipped on SQLite: only PostgreSQL can be shared by two instances (SQLite is embedded).
describe.skipIf(process.env.TEST_DB !== "postgres")("two app instances on the same PostgreSQL database", () => {
  it("the second instance sees the first one's block and challenges", async () => {
    const second = await buildApp({ env: t.env, web: false });
    await second.app.ready();
    try {
      const admin = await createAdmin(t);
      const ip = newAddress();
      // Three failures on instance one: instance two asks for the answer.
      for (let i = 0; i < 3; i++) expect((await signIn(admin.email, "wrong", ip)).statusCode).toBe(401);
      expectChallengeRefusal(await signIn(admin.email, admin.password, ip, undefined, second.app), CHALLENGE_NEEDED);

      // A question fetched from instance one is answered on instance two.
      const answer = await challengeAnswer(ip);
      const failed = await signIn(admin.email, "wrong", ip, answer, second.app);
      expect(failed.statusCode).toBe(401);

      // Reach ten failures on instance one; instance two refuses even the right password.
      for (let i = 0; i < 5; i++) {
        const res = await signIn(admin.email, "wrong", ip, await challengeAnswer(ip));
        expect([401, 429]).toContain(res.statusCode);
      }
      const blocked = await signIn(admin.email, admin.password, ip, await challengeAnswer(ip, second.app), second.app);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toContain("登入嘗試次數過多");
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);

      // A token issued by one instance works on the other.
      const token = expectSignedIn(await signIn(TEST_ADMIN.email, TEST_ADMIN.password, newAddress(), undefined, second.app), TEST_ADMIN.email);
      expect((await t.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      await second.app.close();
    }
  });
});
