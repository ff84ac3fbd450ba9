// Counts for the back office: the 15-second notification poll, the dashboard
// stats and the recent activity. Each count is asked of the module that owns
// its data (their `dashboard` facets); this module reads no table of its own.
import { z } from "zod";
import type { ActivityItem, DashboardStats, NotificationCounts } from "#contract/dashboard.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";

export interface DashboardSource {
  stats?(): Promise<Partial<DashboardStats>>;
  notifications?(): Promise<Partial<NotificationCounts>>;
}

/** Like the paged lists, a limit above 50 is served at 50 rather than refused. */
const activityQuery = z.object({
  limit: z.coerce
    .number({ error: "筆數必須是數字" })
    .int("筆數必須是整數")
    .min(1, "筆數至少 1")
    .transform((limit) => Math.min(limit, ACTIVITY_MAX))
    .default(10),
});
const ACTIVITY_MAX = 50;

const NO_STATS: DashboardStats = {
  total_products: 0, total_portfolios: 0, total_contacts: 0, new_contacts: 0, line_customers: 0, blog_posts: 0, active_banners: 0, failed_jobs: 0, failing_notifications: 0,
};
const NO_NOTIFICATIONS: NotificationCounts = { contacts: 0, customers: 0, total_messages: 0 };

export function createDashboardService(deps: { activity: ActivityService; sources: DashboardSource[] }) {
  const { activity, sources } = deps;
  return {
    async notifications(): Promise<NotificationCounts> {
      const parts = await Promise.all(sources.map((source) => source.notifications?.() ?? {}));
      return Object.assign({ ...NO_NOTIFICATIONS }, ...parts);
    },

    async stats(): Promise<DashboardStats> {
      const parts = await Promise.all(sources.map((source) => source.stats?.() ?? {}));
      return Object.assign({ ...NO_STATS }, ...parts);
    },

    async activity(query: unknown): Promise<{ activities: ActivityItem[] }> {
      const { limit } = parseInput(activityQuery, query);
      return { activities: await activity.recent(limit) };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
