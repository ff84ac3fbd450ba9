// The signed-in administrator's own account: sign-out and password change.
import { changePasswordSchema } from "#contract/auth.ts";
import type { Db } from "#server/db/database.ts";
import { badRequest, unauthorized } from "#server/lib/errors.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { adminAccountRepo, deviceRepo } from "./auth.repo.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { passwordProblem } from "./password-policy.ts";
import type { AdminIdentity, TokensService } from "./tokens.service.ts";

export function createAccountService(deps: { db: Db; write: WriteRunner; tokens: TokensService; activity: ActivityService; clock?: () => Date }) {
  const { db, write, tokens } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    /** Revokes the token the request was made with. */
    logout: (admin: AdminIdentity) => tokens.revoke(admin.tokenId),

    /**
     * Changes the password and revokes every token of this administrator, the one in use included,
     * and forgets the browsers trusted for sign-in (one of them may be how the old password leaked).
     */
    async changePassword(admin: AdminIdentity, input: unknown): Promise<void> {
      const { current_password, new_password } = parseInput(changePasswordSchema, input, { summary: "first" });
      const account = await adminAccountRepo.findById(db, admin.id);
      if (!account) throw unauthorized();
      if (!(await verifyPassword(current_password, account.password_hash))) {
        throw badRequest("目前密碼錯誤", { current_password: "目前密碼錯誤" });
      }
      // Length is also the contract's rule (checked on the screen); the common-password list lives only here.
      const problem = await passwordProblem(new_password);
      if (problem) throw badRequest(problem, { new_password: problem });
      // Hashed before the transaction: scrypt takes a while and a transaction should not wait on it.
      const passwordHash = await hashPassword(new_password);
      await write(async (tx) => {
        await adminAccountRepo.setPassword(tx.db, admin.id, passwordHash, clock().toISOString());
        await adminAccountRepo.deleteTokensOf(tx.db, admin.id);
        await deviceRepo.deleteOf(tx.db, admin.id);
        await deps.activity.record(tx.db, { adminId: admin.id, action: "auth.password", entityType: "admin", entityId: admin.id, summary: `${admin.name} 變更了密碼` });
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
