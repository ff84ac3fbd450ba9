// The activity log behind the dashboard's "recent activity": sign-ins and content changes.
import type { Db } from "#server/db/database.ts";

export interface ActivityEntry {
  adminId: number | null;
  action: string;
  entityType?: string;
  entityId?: string | number;
  summary: string;
}

export function createActivityService(db: Db, clock: () => Date = () => new Date()) {
  return {
    record: (entry: ActivityEntry) =>
      db
        .insertInto("activity_log")
        .values({
          admin_user_id: entry.adminId,
          action: entry.action,
          entity_type: entry.entityType ?? "",
          entity_id: entry.entityId === undefined ? "" : String(entry.entityId),
          summary: entry.summary,
          created_at: clock().toISOString(),
        })
        .execute(),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
