// Sign-in (email and password required, a maths challenge once attempts fail,
// a stored token the whole login state), sign-out, and password change (all
// three fields required, the new one at least 6 characters, confirmed and
// unlike the current one) (001 §2, §4, §5, §7; 002 §2.11, §5).
import { z } from "zod";

export const LOGIN_CHALLENGE_AFTER_FAILURES = 3;
export const LOGIN_BLOCK_AFTER_FAILURES = 10;
export const LOGIN_WINDOW_MINUTES = 15;
export const PASSWORD_MIN_LENGTH = 6;

/** POST /admin-login.php with {action: "get_challenge"} → data.question */
export const challengeRequestSchema = z.object({ action: z.literal("get_challenge") });

/** POST /admin-login.php */
export const loginSchema = z.object({
  email: z.string({ error: "請輸入電子郵件" }).trim().min(1, "請輸入電子郵件").max(200, "電子郵件過長").email("電子郵件格式不正確"),
  password: z.string({ error: "請輸入密碼" }).min(1, "請輸入密碼").max(200, "密碼過長"),
  math_answer: z.union([z.string(), z.number()]).optional().transform((value) => (value === undefined ? "" : String(value).trim())),
});
export type LoginInput = z.input<typeof loginSchema>;

export interface AdminUser {
  id: number;
  name: string;
  email: string;
}

export interface LoginAnswer {
  token: string;
  user: AdminUser;
}

/**
 * A failed sign-in that now needs the maths challenge carries errors.math_answer;
 * the screen then shows the question (and fetches a new one).
 */
export const CHALLENGE_FIELD = "math_answer";

/** POST /admin-api.php/change-password: all three fields required, the new password at least 6 characters, confirmed and unlike the current one (002 §5). */
export const changePasswordSchema = z
  .object({
    current_password: z.string().default(""),
    new_password: z.string().default(""),
    confirm_password: z.string().default(""),
  })
  .superRefine((input, ctx) => {
    if (!input.current_password || !input.new_password || !input.confirm_password) {
      ctx.addIssue({ code: "custom", path: ["_"], message: "所有欄位都是必填的" });
      return;
    }
    if (input.new_password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["new_password"], message: `密碼至少需要 ${PASSWORD_MIN_LENGTH} 個字元` });
      return;
    }
    if (input.new_password !== input.confirm_password) {
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: "新密碼與確認密碼不符" });
      return;
    }
    if (input.new_password === input.current_password) {
      ctx.addIssue({ code: "custom", path: ["new_password"], message: "新密碼不能與舊密碼相同" });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
