// What the sign-in screen makes of a failed attempt: the server's message or
// 'login failed', 'connection error' when no answer came, and whether the
// maths challenge shows (001 §4, §8).
import type { CHALLENGE_FIELD } from "#contract/auth.ts";
import { ApiError, NETWORK_ERROR_MESSAGE } from "#web/admin/shared/api-client.ts";

// The contract's constant, checked at compile time: importing its value would
// bring zod into the sign-in screen.
const CHALLENGE: typeof CHALLENGE_FIELD = "math_answer";

export const LOGIN_FAILED_MESSAGE = "登入失敗";
export const MATH_ANSWER_REQUIRED = "請輸入數學驗證答案";
export const CODE_REQUIRED = "請輸入驗證碼";

export interface LoginFailure {
  message: string;
  /** The answer's status (0: no answer came). */
  status: number;
  /** Field messages (email, password, math_answer) to show beside the inputs. */
  fieldErrors: Record<string, string>;
  /** Show the maths challenge and fetch a fresh question. */
  showChallenge: boolean;
}

// 001 §4: the challenge is (re)shown when the message mentions maths
// verification, too frequent attempts or a block.
const CHALLENGE_WORDS = /數學驗證|驗證題|過於頻繁|太頻繁|次數過多|封鎖|鎖定|暫停登入/;

export function loginFailure(error: unknown): LoginFailure {
  if (!(error instanceof ApiError)) return { message: LOGIN_FAILED_MESSAGE, status: 0, fieldErrors: {}, showChallenge: false };
  if (error.isNetworkError) return { message: NETWORK_ERROR_MESSAGE, status: 0, fieldErrors: {}, showChallenge: false };
  const showChallenge = CHALLENGE in error.errors || error.status === 429 || CHALLENGE_WORDS.test(error.message);
  return { message: error.message || LOGIN_FAILED_MESSAGE, status: error.status, fieldErrors: error.errors, showChallenge };
}
