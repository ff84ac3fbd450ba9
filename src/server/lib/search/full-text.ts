// The records of a searched table that match a search, with how well, on either
// database (migration 020): SQLite asks the table's FTS5 index, PostgreSQL the GIN
// index of its search_vector. Repositories join the hits to their query, so a
// filter, a bounded count and an order by relevance are one statement.
import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder } from "kysely";
import { flavourOf } from "#server/db/migrations/portable.ts";
import { fts5Query, tsQuery, type SearchPhrase } from "./search-terms.ts";

/** Any handle a query runs on (the writing or the reading one, a transaction). */
type Handle = Pick<Kysely<unknown>, "getExecutor">;

/** The tables migration 020 indexed. */
export type SearchedTable = "blog_posts" | "portfolios" | "contacts" | "line_customers" | "line_messages";

/** A matching record's id and rank: smaller is better (titles before bodies, then how often and how close). */
export interface SearchHit {
  hit_id: number;
  hit_rank: number;
}

/**
 * The hits of `table` for the search as a derived table named `alias` (join it on
 * `<alias>.hit_id`; order by `<alias>.hit_rank`). A record whose title holds the search
 * comes before every record that holds it only in its body; within each, by relevance
 * (SQLite's bm25, the title weighing ten times the body; PostgreSQL's ts_rank, A 1 and B 0.4).
 */
export function searchHits<A extends string>(db: Handle, table: SearchedTable, phrases: SearchPhrase[], alias: A): AliasedRawBuilder<SearchHit, A> {
  const titled = table !== "line_messages";
  if (flavourOf(db) === "postgres") {
    const query = sql`to_tsquery('simple', ${tsQuery(phrases)})`;
    // ts_rank stays below 1, so the title's tier decides first.
    const tier = titled ? sql`case when search_vector @@ to_tsquery('simple', ${tsQuery(phrases, "A")}) then 1 else 0 end` : sql`0`;
    return sql<SearchHit>`(select id as hit_id, -(${tier} + ts_rank(search_vector, ${query})) as hit_rank
      from ${sql.table(table)} where search_vector @@ ${query})`.as(alias);
  }
  const index = sql.table(`${table}_search`);
  if (!titled) return sql<SearchHit>`(select rowid as hit_id, rank as hit_rank from ${index} where ${index} match ${fts5Query(phrases)})`.as(alias);
  // bm25 is negative (smaller is better): a title's hit is moved below every body's.
  return sql<SearchHit>`(select hit_id, min(hit_rank) as hit_rank from (
      select rowid as hit_id, bm25(${index}, 10.0, 1.0) as hit_rank from ${index} where ${index} match ${fts5Query(phrases)}
      union all
      select rowid as hit_id, bm25(${index}, 10.0, 1.0) - 1000000 as hit_rank from ${index} where ${index} match ${`search_title : (${fts5Query(phrases)})`}
    ) group by hit_id)`.as(alias);
}

/** Whether the record whose id is in `idColumn` matches the search (a filter, without ranking). */
export function matchesSearch(db: Handle, table: SearchedTable, idColumn: string, phrases: SearchPhrase[]): RawBuilder<boolean> {
  if (flavourOf(db) === "postgres") {
    return sql<boolean>`${sql.ref(idColumn)} in (select id from ${sql.table(table)} where search_vector @@ to_tsquery('simple', ${tsQuery(phrases)}))`;
  }
  const index = sql.table(`${table}_search`);
  return sql<boolean>`${sql.ref(idColumn)} in (select rowid from ${index} where ${index} match ${fts5Query(phrases)})`;
}
