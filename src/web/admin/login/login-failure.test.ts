import { describe, expect, it } from "vitest";
import { ApiError } from "#web/admin/shared/api-client.ts";
import { loginFailure } from "./login-failure.ts";

describe("loginFailure", () => {
  it("shows the server's message for wrong credentials, without the challenge", () => {
    expect(loginFailure(new ApiError(401, "電子郵件或密碼錯誤"))).toEqual({ message: "電子郵件或密碼錯誤", status: 401, fieldErrors: {}, showChallenge: false });
  });

  it("shows the challenge when the answer names math_answer (the third failure, a wrong answer)", () => {
    const result = loginFailure(new ApiError(401, "電子郵件或密碼錯誤", { math_answer: "登入失敗次數過多，請完成數學驗證後再試" }));
    expect(result.showChallenge).toBe(true);
    expect(result.fieldErrors.math_answer).toMatch(/數學驗證/);
  });

  it("shows the challenge on a block (429) and when the message mentions maths verification", () => {
    expect(loginFailure(new ApiError(429, "登入嘗試次數過多，此帳號已暫時鎖定，請於 14:05 後再試")).showChallenge).toBe(true);
    expect(loginFailure(new ApiError(400, "請完成數學驗證")).showChallenge).toBe(true);
  });

  it("falls back to 登入失敗, and says 連線錯誤 when there was no answer", () => {
    expect(loginFailure(new ApiError(500, "")).message).toBe("登入失敗");
    expect(loginFailure(new Error("boom")).message).toBe("登入失敗");
    expect(loginFailure(new ApiError(0, "")).message).toBe("連線錯誤，請稍後再試");
  });
});
