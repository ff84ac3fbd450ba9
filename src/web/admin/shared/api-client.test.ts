import { describe, expect, it } from "vitest";
import { ApiError, errorMessage, isSessionPath, NETWORK_ERROR_MESSAGE, parseEnvelope } from "./api-client.ts";

const failure = (status: number, text: string) => {
  try {
    parseEnvelope(status, text);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("expected a failure");
};

describe("parseEnvelope", () => {
  it("unwraps data and message of a success", () => {
    expect(parseEnvelope(200, '{"success":true,"data":{"question":"3 + 5 = ?"},"message":"ok"}')).toEqual({
      data: { question: "3 + 5 = ?" },
      message: "ok",
    });
  });

  it("turns a failure into an ApiError with status, message and field errors", () => {
    const error = failure(401, '{"success":false,"message":"電子郵件或密碼錯誤","errors":{"math_answer":"請完成數學驗證"}}');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe("電子郵件或密碼錯誤");
    expect(error.errors).toEqual({ math_answer: "請完成數學驗證" });
  });

  it("does not trust success:true on an error status", () => {
    expect(failure(500, '{"success":true,"data":1}').status).toBe(500);
  });

  it("gives a body that is not JSON no message, so the screen's fallback shows", () => {
    const error = failure(502, "<html>Bad Gateway</html>");
    expect(error.message).toBe("");
    expect(errorMessage(error, "登入失敗")).toBe("登入失敗");
  });
});

describe("errorMessage", () => {
  it("prefers the server's message, says 連線錯誤 for no answer, else the fallback", () => {
    expect(errorMessage(new ApiError(400, "目前密碼錯誤"), "密碼變更失敗")).toBe("目前密碼錯誤");
    expect(errorMessage(new ApiError(0, ""), "密碼變更失敗")).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe("連線錯誤，請稍後再試");
    expect(errorMessage(new TypeError("x"), "密碼變更失敗")).toBe("密碼變更失敗");
  });
});

describe("isSessionPath", () => {
  it("treats only the admin API's 401 as an ended session, not the login's wrong password", () => {
    expect(isSessionPath("/admin-api.php/stats")).toBe(true);
    expect(isSessionPath("/admin-login.php")).toBe(false);
    expect(isSessionPath("/api.php/settings")).toBe(false);
  });
});
