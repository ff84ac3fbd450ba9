// Sign-in that holds against attackers (issue 3, issue 22; decisions 007, 023):
// - unknown email and wrong password cost the same (a decoy hash) and say the same;
// - after 3 failures for an account or a client address within 15 minutes a maths
//   challenge is required (checked here, single use, tied to that address);
// - after 10 failures the account+address pair is blocked for 15 minutes (429);
// - clients the account has never signed in from share a budget of 100 failures an
//   hour for the account; beyond it they are refused (429) before any password is
//   checked, so a crowd of addresses cannot guess faster than that;
// - a browser holding the account's device cookie is exempt from that budget and
//   from the pair block (an attacker cannot lock the owner out): only its own
//   failures count, a maths question after 3 and a lock after 10;
// - an account with two-step sign-in answers a right password with a short-lived
//   pending token; the code (or a recovery code) then completes the sign-in, and
//   wrong codes count as failures like wrong passwords.
// Counters live in the database, so several app instances share them. Every
// write of a sign-in is an operation (sign-in.operations.ts); this orchestrates
// them around the password and code checks.
import { createHash, randomBytes, randomInt } from "node:crypto";
import {
  LOGIN_ACCOUNT_HOURLY_BUDGET,
  LOGIN_BLOCK_AFTER_FAILURES,
  LOGIN_CHALLENGE_AFTER_FAILURES,
  LOGIN_DEVICE_LOCK_AFTER_FAILURES,
  LOGIN_WINDOW_MINUTES,
  loginSchema,
  secondStepSchema,
  type LoginAnswer,
  type SecondStepAnswer,
} from "#contract/auth.ts";
import type { ReadDb } from "#server/db/database.ts";
import { AppError, badRequest } from "#server/lib/errors.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import type { Actor } from "#server/lib/operations.ts";
import { parseInput } from "#server/lib/validation.ts";
import { adminAccountRepo, authRepo, deviceRepo, loginGuardRepo, twoFactorRepo } from "./auth.repo.ts";
import { DEVICE_MAX_AGE_S, hashDeviceToken, newDeviceToken } from "./device-cookie.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import type { SignInOperations } from "./sign-in.operations.ts";

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60 * 1000;
const BUDGET_WINDOW_MS = 60 * 60 * 1000;
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const SECOND_STEP_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in may have before the password must be given again. */
const SECOND_STEP_MAX_FAILURES = 5;

export const LOGIN_MESSAGES = {
  wrongCredentials: "電子郵件或密碼錯誤",
  challengeNeeded: "請完成數學驗證",
  challengeWrong: "數學驗證答案錯誤，請重新作答",
  challengeNow: "登入失敗次數過多，請完成數學驗證後再試",
  codeNeeded: "請輸入驗證器 App 顯示的 6 位數驗證碼",
  codeWrong: "驗證碼錯誤或已使用過，請重新輸入",
  secondStepGone: "驗證已逾時，請重新輸入密碼登入",
} as const;

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The device cookie's value, when the browser sent one. */
  deviceToken?: string;
}

/** What the route sends: the answer, and the device cookie to (re)set after a full sign-in. */
export interface LoginResult {
  answer: LoginAnswer | SecondStepAnswer;
  deviceToken?: string;
}

export interface LoginDeps {
  db: ReadDb;
  run: RunOperation;
  operations: SignInOperations;
  clock?: () => Date;
}

type Admin = NonNullable<Awaited<ReturnType<typeof authRepo.findAdminByEmail>>>;
/** Where a sign-in comes from: a browser trusted for this account (its device row), or a stranger. */
type Origin = { deviceId: number; deviceToken: string } | null;

const timeOfDay = (date: Date) =>
  date.toLocaleTimeString("zh-TW", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Taipei" });
const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

function makeQuestion(): { question: string; answer: number } {
  const a = randomInt(1, 10);
  const b = randomInt(1, 10);
  switch (randomInt(0, 3)) {
    case 0:
      return { question: `${a} + ${b} = ?`, answer: a + b };
    case 1:
      return { question: `${Math.max(a, b)} - ${Math.min(a, b)} = ?`, answer: Math.max(a, b) - Math.min(a, b) };
    default:
      return { question: `${a} × ${b} = ?`, answer: a * b };
  }
}

export function createLoginService(deps: LoginDeps) {
  const { db, run, operations } = deps;
  const clock = deps.clock ?? (() => new Date());
  const actorOf = (client: ClientInfo): Actor => ({ kind: "visitor", clientIp: client.ip, userAgent: client.userAgent });

  function tooMany(retryAt: Date, message: (time: string, minutes: number) => string): AppError {
    const waitMs = Math.max(1000, retryAt.getTime() - clock().getTime());
    return new AppError(429, message(timeOfDay(retryAt), Math.ceil(waitMs / 60000)), undefined, { "retry-after": String(Math.ceil(waitMs / 1000)) });
  }

  /** The pair (or a trusted browser) after 10 failures: lifts when the oldest of the last ten leaves the window. */
  function blocked(failures: Array<{ created_at: string }>): AppError {
    const oldestCounted = failures[LOGIN_BLOCK_AFTER_FAILURES - 1] ?? failures[failures.length - 1];
    return tooMany(new Date(Date.parse(oldestCounted.created_at) + WINDOW_MS), (time, minutes) => `登入嘗試次數過多，此帳號已暫時鎖定，請於 ${time} 後再試（約 ${minutes} 分鐘）`);
  }

  /** The account's hourly budget for strangers is spent: lifts when the oldest counted failure is an hour old. */
  function budgetSpent(failures: Array<{ created_at: string }>): AppError {
    const oldestCounted = failures[failures.length - 1];
    return tooMany(
      new Date(Date.parse(oldestCounted.created_at) + BUDGET_WINDOW_MS),
      (time, minutes) => `此帳號的登入嘗試次數過多，為保護帳號已暫停從新的裝置登入，請於 ${time} 後再試（約 ${minutes} 分鐘），或改用曾經登入過的瀏覽器`,
    );
  }

  /** A browser's device cookie, if it is one of this account's and still fresh. */
  async function originOf(admin: Admin | undefined, deviceToken: string | undefined, now: Date): Promise<Origin> {
    if (!admin || !deviceToken) return null;
    const device = await deviceRepo.find(db, hashDeviceToken(deviceToken));
    if (!device || device.admin_user_id !== admin.id) return null;
    if (now.getTime() - Date.parse(device.last_used_at) > DEVICE_MAX_AGE_S * 1000) return null;
    return { deviceId: device.id, deviceToken };
  }

  /**
   * The throttles that apply before any password or code is checked; throws the
   * refusal. Answers the counts the later rules need.
   */
  async function guard(email: string, ip: string, origin: Origin, now: Date) {
    const since = new Date(now.getTime() - WINDOW_MS).toISOString();
    const [byAccount, byAddress, byPair] = await Promise.all([
      loginGuardRepo.recentFailures(db, { email }, since),
      loginGuardRepo.recentFailures(db, { client_ip: ip }, since),
      loginGuardRepo.recentFailures(db, { email, client_ip: ip }, since),
    ]);
    if (origin) {
      const own = await loginGuardRepo.recentFailures(db, { device_id: origin.deviceId }, since);
      if (own.length >= LOGIN_DEVICE_LOCK_AFTER_FAILURES) throw blocked(own);
      return {
        lockCount: own,
        lockAfter: LOGIN_DEVICE_LOCK_AFTER_FAILURES,
        challengeRequired: own.length >= LOGIN_CHALLENGE_AFTER_FAILURES || byAddress.length >= LOGIN_CHALLENGE_AFTER_FAILURES,
        challengeCount: Math.max(own.length, byAddress.length),
      };
    }
    if (byPair.length >= LOGIN_BLOCK_AFTER_FAILURES) throw blocked(byPair);
    const budget = await loginGuardRepo.untrustedFailures(db, email, new Date(now.getTime() - BUDGET_WINDOW_MS).toISOString(), LOGIN_ACCOUNT_HOURLY_BUDGET);
    if (budget.length >= LOGIN_ACCOUNT_HOURLY_BUDGET) throw budgetSpent(budget);
    return {
      lockCount: byPair,
      lockAfter: LOGIN_BLOCK_AFTER_FAILURES,
      challengeRequired: byAccount.length >= LOGIN_CHALLENGE_AFTER_FAILURES || byAddress.length >= LOGIN_CHALLENGE_AFTER_FAILURES,
      challengeCount: Math.max(byAccount.length, byAddress.length),
    };
  }

  type Guarded = Awaited<ReturnType<typeof guard>>;

  const recordFailure = (email: string, client: ClientInfo, origin: Origin) =>
    run(operations.recordFailure, { actor: actorOf(client), input: { email, deviceId: origin?.deviceId ?? null } });

  /** After a counted failure: the 429 if this one reached the lock, else the 401 (saying when the challenge now applies). */
  function failureAnswer(guarded: Guarded, now: Date, message: string, field?: string): AppError {
    if (guarded.lockCount.length + 1 >= guarded.lockAfter) return blocked([{ created_at: now.toISOString() }, ...guarded.lockCount]);
    const errors: Record<string, string> = {};
    if (field) errors[field] = message;
    // The maths question belongs to the password step; a wrong code does not ask for it.
    if (!field && guarded.challengeCount + 1 >= LOGIN_CHALLENGE_AFTER_FAILURES) errors.math_answer = LOGIN_MESSAGES.challengeNow;
    return new AppError(401, message, Object.keys(errors).length > 0 ? errors : undefined);
  }

  /** The sign-in is complete: token, activity, and the device cookie (new, or the same one renewed). */
  async function complete(admin: Admin, origin: Origin, client: ClientInfo, how: string): Promise<LoginResult> {
    const deviceToken = origin?.deviceToken ?? newDeviceToken();
    const token = await run(operations.complete, {
      actor: actorOf(client),
      input: { admin: { id: admin.id, name: admin.name, email: admin.email }, deviceId: origin?.deviceId, deviceToken, how },
    });
    return { answer: { token, user: { id: admin.id, name: admin.name, email: admin.email } }, deviceToken };
  }

  return {
    /** {action: "get_challenge"}: a new question for this client, replacing any open one. */
    async challenge(client: ClientInfo): Promise<{ question: string }> {
      const { question, answer } = makeQuestion();
      const expiresAt = new Date(clock().getTime() + CHALLENGE_TTL_MS);
      await run(operations.storeChallenge, { actor: actorOf(client), input: { id: randomBytes(16).toString("base64url"), answer: String(answer), expiresAt } });
      return { question };
    },

    /** {email, password, math_answer?}: signed in, or (two-step accounts) a pending token for the code. */
    async login(input: unknown, client: ClientInfo): Promise<LoginResult> {
      const { email: rawEmail, password, math_answer } = parseInput(loginSchema, input);
      const email = rawEmail.toLowerCase();
      const now = clock();
      const admin = await authRepo.findAdminByEmail(db, email);
      const origin = await originOf(admin, client.deviceToken, now);
      const guarded = await guard(email, client.ip, origin, now);

      if (guarded.challengeRequired) {
        const challenge = await run(operations.takeChallenge, { actor: actorOf(client) });
        const correct = challenge !== undefined && math_answer !== "" && challenge.answer === math_answer;
        if (!correct) {
          await recordFailure(email, client, origin);
          const message = math_answer === "" ? LOGIN_MESSAGES.challengeNeeded : LOGIN_MESSAGES.challengeWrong;
          throw badRequest(message, { math_answer: message });
        }
      }

      // The same scrypt work whether or not the account exists.
      const passwordMatches = await verifyPassword(password, admin?.password_hash ?? (await decoyHash()));
      if (!admin || !passwordMatches) {
        await recordFailure(email, client, origin);
        throw failureAnswer(guarded, now, LOGIN_MESSAGES.wrongCredentials);
      }

      if ((await twoFactorRepo.find(db, admin.id))?.enabled_at) {
        const pendingToken = randomBytes(32).toString("base64url");
        await run(operations.startSecondStep, {
          actor: actorOf(client),
          input: { tokenHash: sha256(pendingToken), adminId: admin.id, deviceId: origin?.deviceId ?? null, expiresAt: new Date(now.getTime() + SECOND_STEP_TTL_MS) },
        });
        return { answer: { two_factor_required: true, pending_token: pendingToken } };
      }
      return complete(admin, origin, client, "");
    },

    /** {pending_token, code}: the second step, from the address (and browser) that gave the password. */
    async secondStep(input: unknown, client: ClientInfo): Promise<LoginResult> {
      const { pending_token, code } = parseInput(secondStepSchema, input);
      const now = clock();
      const stepHash = sha256(pending_token);
      const step = await twoFactorRepo.findSecondStep(db, stepHash, now.toISOString());
      const admin = step && step.client_ip === client.ip ? await adminAccountRepo.findById(db, step.admin_user_id) : undefined;
      if (!step || !admin) throw new AppError(401, LOGIN_MESSAGES.secondStepGone);
      // Trusted only if this is the browser that gave the password.
      const presented = await originOf(admin, client.deviceToken, now);
      const origin = presented && presented.deviceId === step.device_id ? presented : null;
      const guarded = await guard(admin.email, client.ip, origin, now);

      const how = await run(operations.useSignInCode, { actor: actorOf(client), input: { adminId: admin.id, code } });
      if (!how) {
        await recordFailure(admin.email, client, origin);
        await run(operations.failSecondStep, { actor: actorOf(client), input: { tokenHash: stepHash, max: SECOND_STEP_MAX_FAILURES } });
        throw failureAnswer(guarded, now, LOGIN_MESSAGES.codeWrong, "code");
      }
      if (!(await run(operations.takeSecondStep, { actor: actorOf(client), input: { tokenHash: stepHash } }))) throw new AppError(401, LOGIN_MESSAGES.secondStepGone);
      return complete(admin, origin, client, how === "recovery" ? "（使用備用救援碼）" : "（兩步驟驗證）");
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
