// Administrators and their tokens for tests, made through the same services
// the product uses (sign-in itself arrives with the back-office issue).
import { randomBytes } from "node:crypto";
import type { TestApp } from "#tests/setup/test-app.ts";
import { hashPassword } from "#server/modules/auth/password.ts";
import { authRepo } from "#server/modules/auth/auth.repo.ts";
import { issueToken } from "#server/modules/auth/sessions.operations.ts";

export async function createAdmin(app: TestApp, overrides: { name?: string; email?: string; password?: string } = {}) {
  const password = overrides.password ?? `pw-${randomBytes(6).toString("hex")}`;
  const email = overrides.email ?? `admin-${randomBytes(4).toString("hex")}@test.example`;
  const now = new Date().toISOString();
  const { id } = await authRepo.insertAdmin(app.database.db, {
    name: overrides.name ?? "測試管理員",
    email,
    password_hash: await hashPassword(password),
    now,
  });
  return { id, email, password };
}

/** A session for an administrator, as a sign-in would leave it: its bearer token. */
export const sessionToken = (app: Pick<TestApp, "database">, adminId: number, meta = { clientIp: "127.0.0.1", userAgent: "vitest" }) =>
  issueToken(app.database.db, adminId, meta, new Date());

/** A valid bearer token for a new administrator. */
export async function adminToken(app: TestApp): Promise<string> {
  const admin = await createAdmin(app);
  return sessionToken(app, admin.id);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
