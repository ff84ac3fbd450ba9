// Issue 27: PostgreSQL chooses how to find a searched page by how common it thinks the
// word is: walk the list's order and test each row (a common word fills the page in a
// few rows) or read the word's index and sort what it found (a rare one). With the
// default statistics a search_vector keeps the frequencies of only its commonest few
// thousand tokens and guesses half a percent of the rows for any other, so a word that
// is nowhere (除蟎 in ten years of messages) was walked through all 200,000 contacts:
// 0.5–1.1 s at scale 1. Ten times the statistics cover nearly every pair of characters
// the records hold, the guess for an absent word falls to a handful of rows, and the
// same search takes under 1 ms (docs/decisions/037-volume-and-chinese-search.md).
// SQLite's FTS5 hands out its hits itself: nothing to tell it.
import { sql, type Kysely } from "kysely";
import { flavourOf } from "./portable.ts";

/** The search vectors of migration 020, by table. */
const VECTORS: Record<string, string[]> = {
  blog_posts: ["search_vector", "search_title_vector"],
  portfolios: ["search_vector", "search_title_vector"],
  contacts: ["search_vector", "search_title_vector"],
  line_customers: ["search_vector", "search_title_vector"],
  line_messages: ["search_vector"],
};

/** PostgreSQL's most common elements kept per vector: 10 × this many (the default is 100). */
const SEARCH_STATISTICS = 1000;

async function setStatistics(db: Kysely<unknown>, target: number): Promise<void> {
  for (const [table, columns] of Object.entries(VECTORS)) {
    const alterations = columns.map((column) => sql`alter column ${sql.ref(column)} set statistics ${sql.raw(String(target))}`);
    await sql`alter table ${sql.table(table)} ${sql.join(alterations)}`.execute(db);
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (flavourOf(db) === "postgres") await setStatistics(db, SEARCH_STATISTICS);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (flavourOf(db) === "postgres") await setStatistics(db, -1);
}
