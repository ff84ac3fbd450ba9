// The activity log behind the dashboard's "recent activity": sign-ins and content
// changes. An entry is written with the handle of the write it describes, so a
// change and its activity row commit together.
import type { ActivityItem } from "#contract/dashboard.ts";
import type { Db, ReadDb } from "#server/db/database.ts";
import { activityRepo } from "./activity.repo.ts";

export interface ActivityEntry {
  adminId: number | null;
  action: string;
  entityType?: string;
  entityId?: string | number;
  summary: string;
}

export function createActivityService(deps: { db: ReadDb; clock?: () => Date }) {
  const clock = deps.clock ?? (() => new Date());
  return {
    /** `handle`: the transaction of the write being recorded. */
    record: (handle: Db, entry: ActivityEntry) =>
      activityRepo.insert(handle, {
        admin_user_id: entry.adminId,
        action: entry.action,
        entity_type: entry.entityType ?? "",
        entity_id: entry.entityId === undefined ? "" : String(entry.entityId),
        summary: entry.summary,
        created_at: clock().toISOString(),
      }),

    /** Newest first, with the administrator's name. */
    recent: (limit: number): Promise<ActivityItem[]> => activityRepo.recent(deps.db, limit),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
