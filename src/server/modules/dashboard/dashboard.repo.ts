import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";

type CountedTable = "service_items" | "portfolios" | "contacts" | "line_customers" | "blog_posts" | "hero_banners";

export const dashboardRepo = {
  count: async <T extends CountedTable>(
    db: Db,
    table: T,
    where?: { column: keyof Database[T] & string; value: string | number },
  ): Promise<number> => {
    let query = db.selectFrom(table as CountedTable).select((eb) => eb.fn.countAll<number>().as("n"));
    if (where) query = query.where(where.column as never, "=", where.value as never);
    return Number((await query.executeTakeFirstOrThrow()).n);
  },

  unreadIncoming: async (db: Db) => {
    const row = await db
      .selectFrom("line_messages")
      .select((eb) => [eb.fn.countAll<number>().as("messages"), eb.fn.count<number>("customer_id").distinct().as("customers")])
      .where("direction", "=", "incoming")
      .where("is_read", "=", 0)
      .executeTakeFirstOrThrow();
    return { messages: Number(row.messages), customers: Number(row.customers) };
  },

  recentActivity: (db: Db, limit: number) =>
    db
      .selectFrom("activity_log")
      .leftJoin("admin_users", "admin_users.id", "activity_log.admin_user_id")
      .select(["activity_log.id", "activity_log.action", "activity_log.summary", "activity_log.created_at", "admin_users.name as admin_name"])
      .orderBy("activity_log.created_at", "desc")
      .orderBy("activity_log.id", "desc")
      .limit(limit)
      .execute(),
};
