// Counts for the back office: the 15-second notification poll, the dashboard
// stats and the recent activity. All from real data.
import { z } from "zod";
import type { ActivityItem, DashboardStats, NotificationCounts } from "#contract/dashboard.ts";
import type { Db } from "#server/db/database.ts";
import { parseInput } from "#server/lib/validation.ts";
import { dashboardRepo } from "./dashboard.repo.ts";

const activityQuery = z.object({ limit: z.coerce.number({ error: "筆數必須是數字" }).int().min(1, "筆數至少 1").max(50, "筆數最多 50").default(10) });

export function createDashboardService(db: Db) {
  return {
    async notifications(): Promise<NotificationCounts> {
      const [contacts, unread] = await Promise.all([
        dashboardRepo.count(db, "contacts", { column: "status", value: "new" }),
        dashboardRepo.unreadIncoming(db),
      ]);
      return { contacts, customers: unread.customers, total_messages: unread.messages };
    },

    async stats(): Promise<DashboardStats> {
      const [total_products, total_portfolios, total_contacts, new_contacts, line_customers, blog_posts, active_banners] = await Promise.all([
        dashboardRepo.count(db, "service_items"),
        dashboardRepo.count(db, "portfolios"),
        dashboardRepo.count(db, "contacts"),
        dashboardRepo.count(db, "contacts", { column: "status", value: "new" }),
        dashboardRepo.count(db, "line_customers"),
        dashboardRepo.count(db, "blog_posts"),
        dashboardRepo.count(db, "hero_banners", { column: "is_active", value: 1 }),
      ]);
      return { total_products, total_portfolios, total_contacts, new_contacts, line_customers, blog_posts, active_banners, failed_jobs: 0 };
    },

    async activity(query: unknown): Promise<{ activities: ActivityItem[] }> {
      const { limit } = parseInput(activityQuery, query);
      return { activities: await dashboardRepo.recentActivity(db, limit) };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
