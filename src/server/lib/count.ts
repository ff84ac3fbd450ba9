// COUNT(*) as a number on both databases (pg answers BIGINT counts as strings unless parsed).
import type { SelectQueryBuilder } from "kysely";
import type { Database } from "#server/db/schema.ts";

export async function countRows<T extends keyof Database>(query: SelectQueryBuilder<Database, T, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
