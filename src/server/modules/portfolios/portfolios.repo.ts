import type { Db } from "#server/db/database.ts";
import { countRows } from "#server/lib/count.ts";

export const portfoliosRepo = {
  count: (db: Db) => countRows(db.selectFrom("portfolios")),
};
