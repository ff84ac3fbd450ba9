// The signed-in administrator's own account: sign-out and password change.
import { changePasswordSchema } from "#contract/auth.ts";
import type { Db } from "#server/db/database.ts";
import { badRequest, unauthorized } from "#server/lib/errors.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { adminAccountRepo } from "./auth.repo.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { AdminIdentity, TokensService } from "./tokens.service.ts";

export function createAccountService(deps: { db: Db; tokens: TokensService; activity: ActivityService; clock?: () => Date }) {
  const { db, tokens } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    /** Revokes the token the request was made with. */
    logout: (admin: AdminIdentity) => tokens.revoke(admin.tokenId),

    /** Changes the password and revokes every token of this administrator, the one in use included. */
    async changePassword(admin: AdminIdentity, input: unknown): Promise<void> {
      const { current_password, new_password } = parseInput(changePasswordSchema, input, { summary: "first" });
      const account = await adminAccountRepo.findById(db, admin.id);
      if (!account) throw unauthorized();
      if (!(await verifyPassword(current_password, account.password_hash))) {
        throw badRequest("目前密碼錯誤", { current_password: "目前密碼錯誤" });
      }
      await db.transaction().execute(async (trx) => {
        await adminAccountRepo.setPassword(trx, admin.id, await hashPassword(new_password), clock().toISOString());
        await adminAccountRepo.deleteTokensOf(trx, admin.id);
      });
      await deps.activity.record({ adminId: admin.id, action: "auth.password", entityType: "admin", entityId: admin.id, summary: `${admin.name} 變更了密碼` });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
