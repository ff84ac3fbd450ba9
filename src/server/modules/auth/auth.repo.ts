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

/** Sign-in protection: attempts and maths challenges, kept in the database so every instance shares them. */
export const loginGuardRepo = {
  recordAttempt: (db: Db, attempt: { email: string; client_ip: string; succeeded: boolean; now: string }) =>
    db
      .insertInto("login_attempts")
      .values({ email: attempt.email, client_ip: attempt.client_ip, succeeded: attempt.succeeded ? 1 : 0, created_at: attempt.now })
      .execute(),

  /** Failed attempts matching `key` after `since` and after the key's latest success, newest first. */
  recentFailures: async (db: Db, key: { email?: string; client_ip?: string }, since: string) => {
    const matching = () =>
      db
        .selectFrom("login_attempts")
        .select("created_at")
        .$if(key.email !== undefined, (q) => q.where("email", "=", key.email!))
        .$if(key.client_ip !== undefined, (q) => q.where("client_ip", "=", key.client_ip!));
    const lastSuccess = await matching().where("succeeded", "=", 1).where("created_at", ">", since).orderBy("created_at", "desc").limit(1).executeTakeFirst();
    const from = lastSuccess?.created_at ?? since;
    return matching().where("succeeded", "=", 0).where("created_at", ">", from).orderBy("created_at", "desc").execute();
  },

  pruneAttempts: (db: Db, before: string) => db.deleteFrom("login_attempts").where("created_at", "<", before).execute(),

  replaceChallenge: async (db: Db, challenge: { id: string; client_ip: string; answer: string; expires_at: string; now: string }) => {
    await db.deleteFrom("login_challenges").where((eb) => eb.or([eb("client_ip", "=", challenge.client_ip), eb("expires_at", "<", challenge.now)])).execute();
    await db
      .insertInto("login_challenges")
      .values({ id: challenge.id, client_ip: challenge.client_ip, answer: challenge.answer, expires_at: challenge.expires_at, used_at: null })
      .execute();
  },

  /** Takes the client's open challenge, marking it used whatever the answer (single use). */
  takeChallenge: async (db: Db, clientIp: string, now: string) => {
    const challenge = await db
      .selectFrom("login_challenges")
      .selectAll()
      .where("client_ip", "=", clientIp)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (!challenge) return undefined;
    const taken = await db.updateTable("login_challenges").set({ used_at: now }).where("id", "=", challenge.id).where("used_at", "is", null).executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? challenge : undefined;
  },
};

export const adminAccountRepo = {
  findById: (db: Db, id: number) => db.selectFrom("admin_users").selectAll().where("id", "=", id).executeTakeFirst(),
  setLastLogin: (db: Db, id: number, now: string) => db.updateTable("admin_users").set({ last_login_at: now }).where("id", "=", id).execute(),
  setPassword: (db: Db, id: number, passwordHash: string, now: string) =>
    db.updateTable("admin_users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", id).execute(),
  deleteTokensOf: (db: Db, adminId: number) => db.deleteFrom("admin_tokens").where("admin_user_id", "=", adminId).execute(),
};
