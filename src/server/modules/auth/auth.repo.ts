import type { Db } from "#server/db/database.ts";

export const authRepo = {
  findAdminByEmail: (db: Db, email: string) =>
    db.selectFrom("admin_users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst(),

  countAdmins: async (db: Db) => {
    const row = await db.selectFrom("admin_users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  insertAdmin: (db: Db, admin: { name: string; email: string; password_hash: string; now: string }) =>
    db
      .insertInto("admin_users")
      .values({ name: admin.name, email: admin.email.toLowerCase(), password_hash: admin.password_hash, created_at: admin.now, updated_at: admin.now })
      .returning("id")
      .executeTakeFirstOrThrow(),

  insertToken: (db: Db, token: { admin_user_id: number; token_hash: string; client_ip: string; user_agent: string; now: string }) =>
    db
      .insertInto("admin_tokens")
      .values({
        admin_user_id: token.admin_user_id,
        token_hash: token.token_hash,
        client_ip: token.client_ip,
        user_agent: token.user_agent,
        created_at: token.now,
        last_used_at: token.now,
      })
      .execute(),

  findSession: (db: Db, tokenHash: string) =>
    db
      .selectFrom("admin_tokens")
      .innerJoin("admin_users", "admin_users.id", "admin_tokens.admin_user_id")
      .select([
        "admin_tokens.id as token_id",
        "admin_tokens.last_used_at",
        "admin_users.id as admin_id",
        "admin_users.name",
        "admin_users.email",
      ])
      .where("admin_tokens.token_hash", "=", tokenHash)
      .executeTakeFirst(),

  touchToken: (db: Db, tokenId: number, now: string) =>
    db.updateTable("admin_tokens").set({ last_used_at: now }).where("id", "=", tokenId).execute(),

  deleteToken: (db: Db, tokenId: number) => db.deleteFrom("admin_tokens").where("id", "=", tokenId).execute(),
};
