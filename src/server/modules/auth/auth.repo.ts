import type { Db, ReadDb } from "#server/db/database.ts";

export const authRepo = {
  findAdminByEmail: (db: ReadDb, email: string) =>
    db.selectFrom("admin_users").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst(),

  countAdmins: async (db: ReadDb) => {
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

  findSession: (db: ReadDb, tokenHash: string) =>
    db
      .selectFrom("admin_tokens")
      .innerJoin("admin_users", "admin_users.id", "admin_tokens.admin_user_id")
      .select([
        "admin_tokens.id as token_id",
        "admin_tokens.created_at",
        "admin_tokens.last_used_at",
        "admin_users.id as admin_id",
        "admin_users.name",
        "admin_users.email",
      ])
      .where("admin_tokens.token_hash", "=", tokenHash)
      .executeTakeFirst(),

  /** A signed-in session's stored hash, the key of what it signs for the browser (a theme preview's address). */
  tokenHashById: async (db: ReadDb, tokenId: number) =>
    (await db.selectFrom("admin_tokens").select("token_hash").where("id", "=", tokenId).executeTakeFirst())?.token_hash ?? null,

  touchToken: (db: Db, tokenId: number, now: string) =>
    db.updateTable("admin_tokens").set({ last_used_at: now }).where("id", "=", tokenId).execute(),

  deleteToken: (db: Db, tokenId: number) => db.deleteFrom("admin_tokens").where("id", "=", tokenId).execute(),
};

/** Sign-in protection: attempts and maths challenges, kept in the database so every instance shares them. */
export const loginGuardRepo = {
  /** `device_id`: the trusted browser the attempt came from (null: an untrusted client). */
  recordAttempt: (db: Db, attempt: { email: string; client_ip: string; succeeded: boolean; now: string; device_id?: number | null }) =>
    db
      .insertInto("login_attempts")
      .values({
        email: attempt.email,
        client_ip: attempt.client_ip,
        succeeded: attempt.succeeded ? 1 : 0,
        created_at: attempt.now,
        device_id: attempt.device_id ?? null,
      })
      .execute(),

  /** Failed attempts matching `key` after `since` and after the key's latest success, newest first. */
  recentFailures: async (db: ReadDb, key: { email?: string; client_ip?: string; device_id?: number }, since: string) => {
    const matching = () =>
      db
        .selectFrom("login_attempts")
        .select("created_at")
        .$if(key.email !== undefined, (q) => q.where("email", "=", key.email!))
        .$if(key.client_ip !== undefined, (q) => q.where("client_ip", "=", key.client_ip!))
        .$if(key.device_id !== undefined, (q) => q.where("device_id", "=", key.device_id!));
    const lastSuccess = await matching().where("succeeded", "=", 1).where("created_at", ">", since).orderBy("created_at", "desc").limit(1).executeTakeFirst();
    const from = lastSuccess?.created_at ?? since;
    return matching().where("succeeded", "=", 0).where("created_at", ">", from).orderBy("created_at", "desc").execute();
  },

  /**
   * The account's failures from untrusted clients after `since`, oldest first, at most `limit`:
   * the hourly budget. A success does not reset it (the attacker would wait for the owner).
   */
  untrustedFailures: (db: ReadDb, email: string, since: string, limit: number) =>
    db
      .selectFrom("login_attempts")
      .select("created_at")
      .where("email", "=", email)
      .where("succeeded", "=", 0)
      .where("device_id", "is", null)
      .where("created_at", ">", since)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),

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
  findById: (db: ReadDb, id: number) => db.selectFrom("admin_users").selectAll().where("id", "=", id).executeTakeFirst(),
  setLastLogin: (db: Db, id: number, now: string) => db.updateTable("admin_users").set({ last_login_at: now }).where("id", "=", id).execute(),
  setPassword: (db: Db, id: number, passwordHash: string, now: string) =>
    db.updateTable("admin_users").set({ password_hash: passwordHash, updated_at: now }).where("id", "=", id).execute(),
  deleteTokensOf: (db: Db, adminId: number) => db.deleteFrom("admin_tokens").where("admin_user_id", "=", adminId).execute(),
};

/** Device cookies: browsers an administrator has signed in from, stored as SHA-256 of the cookie's value. */
export const deviceRepo = {
  find: (db: ReadDb, tokenHash: string) => db.selectFrom("login_devices").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst(),
  insert: (db: Db, device: { admin_user_id: number; token_hash: string; now: string }) =>
    db
      .insertInto("login_devices")
      .values({ admin_user_id: device.admin_user_id, token_hash: device.token_hash, created_at: device.now, last_used_at: device.now })
      .returning("id")
      .executeTakeFirstOrThrow(),
  touch: (db: Db, id: number, now: string) => db.updateTable("login_devices").set({ last_used_at: now }).where("id", "=", id).execute(),
  deleteOf: (db: Db, adminId: number) => db.deleteFrom("login_devices").where("admin_user_id", "=", adminId).execute(),
  pruneUnusedSince: (db: Db, before: string) => db.deleteFrom("login_devices").where("last_used_at", "<", before).execute(),
};

/** TOTP enrolment, recovery codes and the pending step between password and code. */
export const twoFactorRepo = {
  find: (db: ReadDb, adminId: number) => db.selectFrom("admin_totp").selectAll().where("admin_user_id", "=", adminId).executeTakeFirst(),
  /** A new (not yet enabled) secret, replacing an unfinished enrolment. */
  startEnrolment: async (db: Db, adminId: number, secret: string, now: string) => {
    await db.deleteFrom("admin_totp").where("admin_user_id", "=", adminId).where("enabled_at", "is", null).execute();
    await db.insertInto("admin_totp").values({ admin_user_id: adminId, secret, enabled_at: null, last_step: 0, created_at: now }).execute();
  },
  enable: (db: Db, adminId: number, step: number, now: string) =>
    db.updateTable("admin_totp").set({ enabled_at: now, last_step: step }).where("admin_user_id", "=", adminId).where("enabled_at", "is", null).executeTakeFirst(),
  /** Takes the code's step; false when this step (or a later one) was already used, even concurrently. */
  useStep: async (db: Db, adminId: number, step: number) => {
    const taken = await db.updateTable("admin_totp").set({ last_step: step }).where("admin_user_id", "=", adminId).where("last_step", "<", step).executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  },
  remove: async (db: Db, adminId: number) => {
    await db.deleteFrom("admin_totp").where("admin_user_id", "=", adminId).execute();
    await db.deleteFrom("admin_recovery_codes").where("admin_user_id", "=", adminId).execute();
  },

  replaceRecoveryCodes: async (db: Db, adminId: number, codeHashes: string[], now: string) => {
    await db.deleteFrom("admin_recovery_codes").where("admin_user_id", "=", adminId).execute();
    await db.insertInto("admin_recovery_codes").values(codeHashes.map((code_hash) => ({ admin_user_id: adminId, code_hash, used_at: null, created_at: now }))).execute();
  },
  recoveryCodesLeft: async (db: ReadDb, adminId: number) => {
    const row = await db
      .selectFrom("admin_recovery_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("admin_user_id", "=", adminId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  /** Marks the code used; false when it is unknown or already used (single use, even concurrently). */
  useRecoveryCode: async (db: Db, adminId: number, codeHash: string, now: string) => {
    const taken = await db
      .updateTable("admin_recovery_codes")
      .set({ used_at: now })
      .where("admin_user_id", "=", adminId)
      .where("code_hash", "=", codeHash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  },

  insertSecondStep: async (db: Db, step: { token_hash: string; admin_user_id: number; client_ip: string; device_id: number | null; expires_at: string; now: string }) => {
    await db.deleteFrom("login_second_steps").where("expires_at", "<", step.now).execute();
    await db
      .insertInto("login_second_steps")
      .values({ token_hash: step.token_hash, admin_user_id: step.admin_user_id, client_ip: step.client_ip, device_id: step.device_id, failures: 0, expires_at: step.expires_at })
      .execute();
  },
  findSecondStep: (db: ReadDb, tokenHash: string, now: string) =>
    db.selectFrom("login_second_steps").selectAll().where("token_hash", "=", tokenHash).where("expires_at", ">", now).executeTakeFirst(),
  /** One more wrong code; the step is spent once it has had `max` of them. */
  failSecondStep: async (db: Db, tokenHash: string, max: number) => {
    await db.updateTable("login_second_steps").set((eb) => ({ failures: eb("failures", "+", 1) })).where("token_hash", "=", tokenHash).execute();
    await db.deleteFrom("login_second_steps").where("token_hash", "=", tokenHash).where("failures", ">=", max).execute();
  },
  /** Single use: false when another request took it first. */
  takeSecondStep: async (db: Db, tokenHash: string) => {
    const taken = await db.deleteFrom("login_second_steps").where("token_hash", "=", tokenHash).executeTakeFirst();
    return Number(taken.numDeletedRows) === 1;
  },
};
