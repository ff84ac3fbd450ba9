// Sign-in that holds against attackers (issue 3):
// - unknown email and wrong password cost the same (a decoy hash) and say the same;
// - after 3 failures for an account or a client address within 15 minutes a maths
//   challenge is required (checked here, single use, tied to that address);
// - after 10 failures the account+address pair is blocked for 15 minutes (429).
// Counters live in the database, so several app instances share them.
import { randomBytes, randomInt } from "node:crypto";
import {
  LOGIN_BLOCK_AFTER_FAILURES,
  LOGIN_CHALLENGE_AFTER_FAILURES,
  LOGIN_WINDOW_MINUTES,
  loginSchema,
  type LoginAnswer,
} from "#contract/auth.ts";
import type { Db } from "#server/db/database.ts";
import { AppError, badRequest } from "#server/lib/errors.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { adminAccountRepo, authRepo, loginGuardRepo } from "./auth.repo.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import type { TokensService } from "./tokens.service.ts";

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60 * 1000;
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export const LOGIN_MESSAGES = {
  wrongCredentials: "電子郵件或密碼錯誤",
  challengeNeeded: "請完成數學驗證",
  challengeWrong: "數學驗證答案錯誤，請重新作答",
  challengeNow: "登入失敗次數過多，請完成數學驗證後再試",
} as const;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface LoginDeps {
  db: Db;
  write: WriteRunner;
  tokens: TokensService;
  activity: ActivityService;
  clock?: () => Date;
}

const timeOfDay = (date: Date) =>
  date.toLocaleTimeString("zh-TW", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Taipei" });

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
  const { db, write, tokens } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function failureCounts(email: string, ip: string, now: Date) {
    const since = new Date(now.getTime() - WINDOW_MS).toISOString();
    const [byAccount, byAddress, byPair] = await Promise.all([
      loginGuardRepo.recentFailures(db, { email }, since),
      loginGuardRepo.recentFailures(db, { client_ip: ip }, since),
      loginGuardRepo.recentFailures(db, { email, client_ip: ip }, since),
    ]);
    return { byAccount: byAccount.length, byAddress: byAddress.length, pair: byPair };
  }

  function blocked(pairFailures: Array<{ created_at: string }>): AppError {
    // The block lifts when the oldest of the last ten failures leaves the window.
    const oldestCounted = pairFailures[LOGIN_BLOCK_AFTER_FAILURES - 1] ?? pairFailures[pairFailures.length - 1];
    const retryAt = new Date(Date.parse(oldestCounted.created_at) + WINDOW_MS);
    const waitMs = Math.max(1000, retryAt.getTime() - clock().getTime());
    return new AppError(
      429,
      `登入嘗試次數過多，此帳號已暫時鎖定，請於 ${timeOfDay(retryAt)} 後再試（約 ${Math.ceil(waitMs / 60000)} 分鐘）`,
      undefined,
      { "retry-after": String(Math.ceil(waitMs / 1000)) },
    );
  }

  async function recordFailure(email: string, ip: string, now: Date) {
    await loginGuardRepo.recordAttempt(db, { email, client_ip: ip, succeeded: false, now: now.toISOString() });
  }

  return {
    /** {action: "get_challenge"}: a new question for this client, replacing any open one. */
    async challenge(client: ClientInfo): Promise<{ question: string }> {
      const now = clock();
      const { question, answer } = makeQuestion();
      await loginGuardRepo.replaceChallenge(db, {
        id: randomBytes(16).toString("base64url"),
        client_ip: client.ip,
        answer: String(answer),
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
        now: now.toISOString(),
      });
      return { question };
    },

    async login(input: unknown, client: ClientInfo): Promise<LoginAnswer> {
      const { email: rawEmail, password, math_answer } = parseInput(loginSchema, input);
      const email = rawEmail.toLowerCase();
      const now = clock();
      const counts = await failureCounts(email, client.ip, now);
      if (counts.pair.length >= LOGIN_BLOCK_AFTER_FAILURES) throw blocked(counts.pair);

      const challengeRequired = counts.byAccount >= LOGIN_CHALLENGE_AFTER_FAILURES || counts.byAddress >= LOGIN_CHALLENGE_AFTER_FAILURES;
      if (challengeRequired) {
        const challenge = await loginGuardRepo.takeChallenge(db, client.ip, now.toISOString());
        const correct = challenge !== undefined && math_answer !== "" && challenge.answer === math_answer;
        if (!correct) {
          await recordFailure(email, client.ip, now);
          const message = math_answer === "" ? LOGIN_MESSAGES.challengeNeeded : LOGIN_MESSAGES.challengeWrong;
          throw badRequest(message, { math_answer: message });
        }
      }

      const admin = await authRepo.findAdminByEmail(db, email);
      // The same scrypt work whether or not the account exists.
      const passwordMatches = await verifyPassword(password, admin?.password_hash ?? (await decoyHash()));
      if (!admin || !passwordMatches) {
        await recordFailure(email, client.ip, now);
        if (counts.pair.length + 1 >= LOGIN_BLOCK_AFTER_FAILURES) {
          throw blocked([{ created_at: now.toISOString() }, ...counts.pair]);
        }
        const nowRequired = Math.max(counts.byAccount, counts.byAddress) + 1 >= LOGIN_CHALLENGE_AFTER_FAILURES;
        throw new AppError(401, LOGIN_MESSAGES.wrongCredentials, nowRequired ? { math_answer: LOGIN_MESSAGES.challengeNow } : undefined);
      }

      const token = await write(async (tx) => {
        await loginGuardRepo.recordAttempt(tx.db, { email, client_ip: client.ip, succeeded: true, now: now.toISOString() });
        await adminAccountRepo.setLastLogin(tx.db, admin.id, now.toISOString());
        // Old attempts are no longer needed by any rule.
        await loginGuardRepo.pruneAttempts(tx.db, new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
        await deps.activity.record(tx.db, { adminId: admin.id, action: "auth.login", entityType: "admin", entityId: admin.id, summary: `${admin.name} 登入後台` });
        return tokens.issue(admin.id, { clientIp: client.ip, userAgent: client.userAgent }, tx.db);
      });
      return { token, user: { id: admin.id, name: admin.name, email: admin.email } };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
