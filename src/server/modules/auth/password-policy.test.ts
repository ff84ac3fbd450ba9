import { describe, expect, it } from "vitest";
import { generatePassword } from "./password.ts";
import { isCommonPassword, passwordProblem, PASSWORD_POLICY_MESSAGES } from "./password-policy.ts";

describe("password policy", () => {
  it("refuses fewer than 12 characters", async () => {
    expect(await passwordProblem("abcdefghijk")).toBe(PASSWORD_POLICY_MESSAGES.tooShort);
    expect(await passwordProblem("a-fine-12chr")).toBeNull();
  });

  it("refuses common passwords of 12 characters or more, whatever their letter case", async () => {
    for (const password of ["qwerty123456", "1qaz2wsx3edc", "PasswordPassword", "123456789qwe"]) {
      expect(await isCommonPassword(password), password).toBe(true);
      expect(await passwordProblem(password), password).toBe(PASSWORD_POLICY_MESSAGES.common);
    }
  });

  it("accepts the test administrator's password and every generated one", async () => {
    expect(await passwordProblem("correct-horse-42")).toBeNull();
    for (let i = 0; i < 50; i++) expect(await passwordProblem(generatePassword())).toBeNull();
  });
});
