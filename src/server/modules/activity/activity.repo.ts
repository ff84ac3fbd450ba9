import type { Insertable } from "kysely";
import type { Db, ReadDb } from "#server/db/database.ts";
import type { ActivityLogTable } from "#server/db/schema.ts";

export const activityRepo = {
  insert: (db: Db, row: Insertable<ActivityLogTable>) => db.insertInto("activity_log").values(row).execute(),
  recent: (db: ReadDb, limit: number) =>
    db
      .selectFrom("activity_log")
      .leftJoin("admin_users", "admin_users.id", "activity_log.admin_user_id")
      .select(["activity_log.id", "activity_log.action", "activity_log.summary", "activity_log.created_at", "admin_users.name as admin_name"])
      .orderBy("activity_log.created_at", "desc")
      .orderBy("activity_log.id", "desc")
      .limit(limit)
      .execute(),
};
