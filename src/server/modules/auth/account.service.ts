// The signed-in administrator's password change: the current password checked,
// the new one held to the rules (12 characters, not a common password) and
// hashed before its operation runs (account.operations.ts), so the transaction
// never waits on scrypt.
import { changePasswordSchema } from "#contract/auth.ts";
import type { ReadDb } from "#server/db/database.ts";
import { badRequest, unauthorized } from "#server/lib/errors.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import type { AdminActor } from "#server/lib/operations.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { AccountOperations } from "./account.operations.ts";
import { adminAccountRepo } from "./auth.repo.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-policy.ts";

export function createAccountService(deps: { db: ReadDb; run: RunOperation; operations: Pick<AccountOperations, "setPassword"> }) {
  const { db, run, operations } = deps;

  return {
    async changePassword(actor: AdminActor, input: unknown): Promise<void> {
      const { current_password, new_password } = parseInput(changePasswordSchema, input, { summary: "first" });
      const account = await adminAccountRepo.findById(db, actor.admin.id);
      if (!account) throw unauthorized();
      if (!(await verifyPassword(current_password, account.password_hash))) {
        throw badRequest("目前密碼錯誤", { current_password: "目前密碼錯誤" });
      }
      // Length is also the contract's rule (checked on the screen); the common-password list lives only here.
      const problem = await passwordProblem(new_password);
      if (problem) throw badRequest(problem, { new_password: problem });
      await run(operations.setPassword, { actor, input: { passwordHash: await hashPassword(new_password) } });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
