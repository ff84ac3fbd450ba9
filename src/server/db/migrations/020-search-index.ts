// Issue 27: search that understands Chinese, as fast with ten years of records as
// with ten. Each searched table gets the tokens it is found by (search_title: what
// it is called, ranked first; search_body: the rest), written by its repository from
// the record's fields (lib/search/search-terms.ts), and an index over them:
// - SQLite: an FTS5 table reading those columns (external content, kept in step by
//   triggers, so every insert, update and delete — a restore's too — keeps it right);
// - PostgreSQL: a generated tsvector (the title weighted A, the rest B) under a GIN index,
//   and the title's own (search_title_vector) under another.
// Both see only space-separated tokens (docs/decisions/037-volume-and-chinese-search.md).
import { sql, type Kysely } from "kysely";
import { textOfHtml } from "#contract/blog.ts";
import { indexTerms } from "#server/lib/search/search-terms.ts";
import { flavourOf, text } from "./portable.ts";

type Row = Record<string, string | number | null>;

interface Searched {
  table: string;
  columns: readonly string[];
  /** The source fields read to fill the columns of the rows already there. */
  sources: readonly string[];
  fill: (row: Row) => Record<string, string>;
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

// The same rules as the repositories' *SearchColumns (blog-search.ts and the others),
// repeated here as they are today: a migration must keep meaning what it meant when written.
const SEARCHED: readonly Searched[] = [
  {
    table: "blog_posts",
    columns: ["search_title", "search_body"],
    sources: ["title", "summary", "content"],
    fill: (row) => ({ search_title: indexTerms(str(row.title)), search_body: indexTerms(str(row.summary), textOfHtml(str(row.content))) }),
  },
  {
    table: "portfolios",
    columns: ["search_title", "search_body"],
    sources: ["title", "description", "client"],
    fill: (row) => ({ search_title: indexTerms(str(row.title)), search_body: indexTerms(str(row.description), str(row.client)) }),
  },
  {
    table: "contacts",
    columns: ["search_title", "search_body"],
    sources: ["name", "subject", "phone", "email", "company", "message", "staff_note"],
    fill: (row) => ({
      search_title: indexTerms(str(row.name), str(row.subject), str(row.phone), str(row.email), str(row.company)),
      search_body: indexTerms(str(row.message), str(row.staff_note)),
    }),
  },
  {
    table: "line_customers",
    columns: ["search_title", "search_body"],
    sources: ["display_name", "notes", "tags"],
    fill: (row) => {
      let tags: unknown = [];
      try {
        tags = JSON.parse(str(row.tags) || "[]");
      } catch {
        tags = [];
      }
      const words = Array.isArray(tags) ? tags.filter((tag) => typeof tag === "string").join(" ") : "";
      return { search_title: indexTerms(str(row.display_name)), search_body: indexTerms(str(row.notes), words) };
    },
  },
  {
    table: "line_messages",
    columns: ["search_body"],
    sources: ["message_type", "message_content", "file_name"],
    fill: (row) => ({ search_body: indexTerms(row.message_type === "text" ? str(row.message_content) : "", str(row.file_name)) }),
  },
];

const FILL_BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const flavour = flavourOf(db);
  for (const searched of SEARCHED) {
    for (const column of searched.columns) await db.schema.alterTable(searched.table).addColumn(column, "text", text).execute();
    await fillExisting(db, searched);
    if (flavour === "postgres") await indexOnPostgres(db, searched);
    else await indexOnSqlite(db, searched);
  }
}

/** The rows already there get their tokens (a new installation has none; an old one, a few thousand). */
async function fillExisting(db: Kysely<unknown>, searched: Searched): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row & { id: number }>`
      select ${sql.join([sql.ref("id"), ...searched.sources.map((source) => sql.ref(source))])}
      from ${sql.table(searched.table)} where id > ${after} order by id limit ${FILL_BATCH}`.execute(db);
    for (const row of rows) {
      const values = searched.fill(row);
      await sql`update ${sql.table(searched.table)} set ${sql.join(
        Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
      )} where id = ${row.id}`.execute(db);
    }
    if (rows.length < FILL_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

async function indexOnPostgres(db: Kysely<unknown>, searched: Searched): Promise<void> {
  const [first, second] = searched.columns.map((column) => sql.ref(column));
  const vector = second
    ? sql`setweight(to_tsvector('simple', ${first}), 'A') || setweight(to_tsvector('simple', ${second}), 'B')`
    : sql`setweight(to_tsvector('simple', ${first}), 'B')`;
  await sql`alter table ${sql.table(searched.table)} add column search_vector tsvector generated always as (${vector}) stored`.execute(db);
  await sql`create index ${sql.id(`${searched.table}_search`)} on ${sql.table(searched.table)} using gin (search_vector)`.execute(db);
  if (!second) return;
  // The title's own vector and index: a searched list asks for the titles first, and the planner
  // needs the titles' own statistics to know whether a word is rare there (then it reads the
  // index) or common (then it walks the list's order).
  await sql`alter table ${sql.table(searched.table)} add column search_title_vector tsvector generated always as (to_tsvector('simple', ${first})) stored`.execute(db);
  await sql`create index ${sql.id(`${searched.table}_search_title`)} on ${sql.table(searched.table)} using gin (search_title_vector)`.execute(db);
}

async function indexOnSqlite(db: Kysely<unknown>, searched: Searched): Promise<void> {
  const table = searched.table;
  const index = `${table}_search`;
  const columns = searched.columns.join(", ");
  const newValues = searched.columns.map((column) => `new.${column}`).join(", ");
  const oldValues = searched.columns.map((column) => `old.${column}`).join(", ");
  // Tokens are already words separated by spaces; unicode61 only splits them there (no
  // diacritics folded: PostgreSQL's 'simple' configuration keeps them too).
  await sql.raw(`create virtual table ${index} using fts5(${columns}, content='${table}', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`).execute(db);
  await sql.raw(`create trigger ${index}_insert after insert on ${table} begin
      insert into ${index}(rowid, ${columns}) values (new.id, ${newValues}); end`).execute(db);
  await sql.raw(`create trigger ${index}_delete after delete on ${table} begin
      insert into ${index}(${index}, rowid, ${columns}) values ('delete', old.id, ${oldValues}); end`).execute(db);
  await sql.raw(`create trigger ${index}_update after update of ${columns} on ${table} begin
      insert into ${index}(${index}, rowid, ${columns}) values ('delete', old.id, ${oldValues});
      insert into ${index}(rowid, ${columns}) values (new.id, ${newValues}); end`).execute(db);
  await sql.raw(`insert into ${index}(${index}) values ('rebuild')`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const flavour = flavourOf(db);
  for (const searched of SEARCHED) {
    if (flavour === "postgres") {
      await sql`alter table ${sql.table(searched.table)} drop column search_vector`.execute(db);
      if (searched.columns.length > 1) await sql`alter table ${sql.table(searched.table)} drop column search_title_vector`.execute(db);
    } else {
      for (const trigger of ["insert", "delete", "update"]) await sql.raw(`drop trigger ${searched.table}_search_${trigger}`).execute(db);
      await sql.raw(`drop table ${searched.table}_search`).execute(db);
    }
    for (const column of searched.columns) await db.schema.alterTable(searched.table).dropColumn(column).execute();
  }
}
