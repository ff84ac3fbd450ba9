// Whether a record of a searched table matches a search, on either database
// (migration 020): SQLite asks the table's FTS5 index, PostgreSQL the GIN index of its
// search_vector. A searched list shows the records whose title holds the search first,
// then those that hold it elsewhere, each part in the list's own order (newest first;
// tiered-page.ts): each part is then the first rows of the list's index that match,
// found without scoring or sorting every hit — a relevance score for each (bm25,
// ts_rank) cost more than all the rest once a common word matched thousands of records
// (docs/decisions/037-volume-and-chinese-search.md).
import { sql, type Kysely, type RawBuilder } from "kysely";
import { flavourOf } from "#server/db/migrations/portable.ts";
import { fts5Query, tsQuery, type SearchPhrase } from "./search-terms.ts";

/** Any handle a query runs on (the writing or the reading one, a transaction). */
type Handle = Pick<Kysely<unknown>, "getExecutor">;

/** The tables migration 020 indexed. */
export type SearchedTable = "blog_posts" | "portfolios" | "contacts" | "line_customers" | "line_messages";

/** Where the search must be found: anywhere, in the title, or only outside it (the second part of a list). */
export type SearchPart = "all" | "title" | "body";

/** The FTS5 query of a part of the search (SQLite). */
function fts5PartQuery(phrases: SearchPhrase[], part: SearchPart): string {
  const query = fts5Query(phrases);
  return part === "all" ? query : part === "title" ? `search_title : (${query})` : `(${query}) NOT search_title : (${query})`;
}

/**
 * Whether the row of `table` (as named in the query) matches the search in the given part.
 * `fromIndex`, on SQLite, for counting and paging a list of thousands (the news): the hits become
 * a set that each entry of an index holding the list's order or other conditions is checked
 * against, instead of each hit's row being read — a post's status and time come after its text,
 * so reading them walks the text's overflow pages (清洗, in 2,090 of 5,000 posts, counted in 1.3 ms
 * instead of 6.1, its first page chosen in 0.5 ms instead of 6.2). Not for a table of hundreds of
 * thousands (contacts), where walking a whole index for a rare word costs more than its few rows.
 */
export function matchesSearch(db: Handle, table: SearchedTable, phrases: SearchPhrase[], part: SearchPart = "all", options: { fromIndex?: boolean } = {}): RawBuilder<boolean> {
  if (flavourOf(db) === "postgres") {
    const query = sql`to_tsquery('simple', ${tsQuery(phrases)})`;
    const anywhere = sql`${sql.ref(`${table}.search_vector`)} @@ ${query}`;
    if (part === "all") return sql<boolean>`${anywhere}`;
    const inTitle = sql`${sql.ref(`${table}.search_title_vector`)} @@ ${query}`;
    return part === "title" ? sql<boolean>`${inTitle}` : sql<boolean>`(${anywhere} and not ${inTitle})`;
  }
  const index = sql.table(`${table}_search`);
  // The unary + keeps SQLite from looking the hits up by id, one row each.
  const id = options.fromIndex ? sql`+${sql.ref(`${table}.id`)}` : sql.ref(`${table}.id`);
  return sql<boolean>`${id} in (select rowid from ${index} where ${index} match ${fts5PartQuery(phrases, part)})`;
}

/**
 * On SQLite, a page of the newest records matching a part of the search, for a table whose ids
 * grow with its list's order (contacts: written as they arrive): FTS5 hands its hits out newest
 * id first and stops at the page, however common the word (清潔 is in a quarter of ten years of
 * messages). Undefined on PostgreSQL, whose planner walks the list's index for a common word.
 */
export function newestMatches(db: Handle, table: SearchedTable, phrases: SearchPhrase[], part: SearchPart, range: { limit: number; offset: number }): RawBuilder<boolean> | undefined {
  if (flavourOf(db) === "postgres") return undefined;
  const index = sql.table(`${table}_search`);
  return sql<boolean>`${sql.ref(`${table}.id`)} in (select rowid from ${index} where ${index} match ${fts5PartQuery(phrases, part)} order by rowid desc limit ${range.limit} offset ${range.offset})`;
}

/**
 * On SQLite, how many records of `table` match the search, counted in its index up to `cap` + 1
 * (no row read). Undefined on PostgreSQL (its count reads the rows: lib/bounded-count.ts).
 */
export async function countMatches(db: Handle, table: SearchedTable, phrases: SearchPhrase[], cap: number): Promise<number | undefined> {
  if (flavourOf(db) === "postgres") return undefined;
  const index = sql.table(`${table}_search`);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from ${index} where ${index} match ${fts5Query(phrases)} limit ${cap + 1})`.execute(db as Kysely<unknown>);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A searched list's order on SQLite starts from the records found, not from the list's index:
 * walking the index and asking the search of each row reads the whole table when the word is
 * rare (in titles, say), where reading the few found and sorting them is quick. The unary + keeps
 * SQLite from ordering by the index; PostgreSQL chooses by its statistics.
 */
export function searchedOrder<T>(db: Handle, expression: RawBuilder<T>): RawBuilder<T> {
  return flavourOf(db) === "postgres" ? expression : sql<T>`+${expression}`;
}

/**
 * The customers (line_customers ids) among whose newest `newest` matching messages the
 * search was said: enough for every page anyone reads, bounded however common the word.
 */
export function customersWhoSaid(db: Handle, phrases: SearchPhrase[], newest: number): RawBuilder<{ customer_id: number }> {
  if (flavourOf(db) === "postgres") {
    return sql`select customer_id from line_messages where search_vector @@ to_tsquery('simple', ${tsQuery(phrases)}) order by id desc limit ${newest}`;
  }
  return sql`select customer_id from line_messages where id in (
    select rowid from line_messages_search where line_messages_search match ${fts5Query(phrases)} order by rowid desc limit ${newest})`;
}
