import type { Db } from "#server/db/database.ts";
import { countRows } from "#server/lib/count.ts";

export const blogRepo = {
  countPosts: (db: Db) => countRows(db.selectFrom("blog_posts")),
};
