// A count that stops at a cap: ten years of messages hold far more rows than anyone
// pages through, and counting them all on every list costs more than the list.
// The screen says "more than N" when the cap is reached (contract/pagination.ts).
import { CompiledQuery, sql, type QueryExecutorProvider, type SelectQueryBuilder } from "kysely";
import { flavourOf } from "#server/db/migrations/portable.ts";

/** How many rows the query finds, counting no further than `cap` + 1 (so that "more than cap" can be told). */
export async function boundedCount<DB, TB extends keyof DB>(db: QueryExecutorProvider, query: SelectQueryBuilder<DB, TB, object>, cap: number): Promise<number> {
  const limited = query.select(sql<number>`1`.as("one")).limit(cap + 1);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${limited}) as limited`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * How far above the cap the planner's estimate must be to be trusted without counting: for one
 * word, its statistics of a search vector hold the true frequencies of the 10,000 commonest words
 * as of the last ANALYZE (migration 022), so only a table that lost nine in ten of that word's
 * records since then could be told "more than the cap" wrongly.
 */
const TRUSTED_ESTIMATE = 10;

/**
 * A long list's total for its screen, which says "more than `cap`" past it: `boundedCount`,
 * except that on PostgreSQL, when the caller says the planner's estimate can be trusted
 * (`estimated`: a search of one whole word and no other condition), a query it expects to find
 * ten times the cap or more answers cap + 1 without reading a row. A bounded count of a common
 * word (清洗 is in a quarter of ten years of contacts) still reads a thousand rows spread over the
 * table, 20–30 ms, their search vectors unpacked; the estimate costs one plan, under a
 * millisecond. Not for several words, a word being typed (a prefix) or a search with a filter:
 * the planner multiplies their frequencies as if independent, and two common words seldom
 * together would be guessed at thousands. Not for a count that places rows (tieredPage's titles).
 */
export async function listTotal<DB, TB extends keyof DB>(
  db: QueryExecutorProvider,
  query: SelectQueryBuilder<DB, TB, object>,
  cap: number,
  options: { estimated: boolean },
): Promise<number> {
  if (options.estimated && flavourOf(db) === "postgres" && (await plannedRows(db, query)) >= cap * TRUSTED_ESTIMATE) return cap + 1;
  return boundedCount(db, query, cap);
}

/** The number of rows PostgreSQL's planner expects the query to find. */
async function plannedRows<DB, TB extends keyof DB>(db: QueryExecutorProvider, query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const compiled = query.select(sql<number>`1`.as("one")).compile();
  const explained = await db.getExecutor().executeQuery<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  return explained.rows[0]?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0;
}
