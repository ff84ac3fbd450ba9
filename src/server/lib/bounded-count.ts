// A count that stops at a cap: ten years of messages hold far more rows than anyone
// pages through, and counting them all on every list costs more than the list.
// The screen says "more than N" when the cap is reached (contract/pagination.ts).
import { sql, type QueryExecutorProvider, type SelectQueryBuilder } from "kysely";

/** How many rows the query finds, counting no further than `cap` + 1 (so that "more than cap" can be told). */
export async function boundedCount<DB, TB extends keyof DB>(db: QueryExecutorProvider, query: SelectQueryBuilder<DB, TB, object>, cap: number): Promise<number> {
  const limited = query.select(sql<number>`1`.as("one")).limit(cap + 1);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${limited}) as limited`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
