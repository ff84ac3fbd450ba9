// Issue 27: lists as fast with ten years of records as with ten.
// - Indexes in the order each list is read, so a page is the first rows of an index
//   rather than a sort of the whole table: contacts newest first, LINE customers by
//   their last interaction (or when added), posts by publication (or creation), and a
//   customer's unread messages (a partial index: only the few unread are in it); and
//   a post's category, featured flag, status and time together (counts without the row).
// - Tallies: how many contacts of each status, how many LINE customers there are and
//   how many messages each has,
//   kept by triggers in the transaction of every insert, delete and status change
//   (whoever writes: the product, a restore, a seeding script), so the dashboard, the
//   sidebar badge and the contact list's four cards read one row instead of counting
//   two hundred thousand (docs/decisions/037-volume-and-chinese-search.md).
import { sql, type Kysely } from "kysely";
import { flavourOf } from "./portable.ts";

const INDEXES = [
  "create index contacts_created on contacts (created_at desc, id desc)",
  "create index line_customers_recent on line_customers ((coalesce(last_interaction, created_at)) desc, id desc)",
  "create index blog_posts_recent on blog_posts ((coalesce(published_at, created_at)) desc, id desc)",
  "create index line_messages_unread_by_customer on line_messages (customer_id) where direction = 'incoming' and is_read = 0",
  // A post's status, category, flag and time come after its text in the row: on SQLite, reading
  // them means walking the text's overflow pages. These indexes hold them, so the public lists'
  // counts (categories, featured posts) never read a post's row.
  "create index blog_posts_category_public on blog_posts (category_id, status, published_at)",
  "create index blog_posts_featured_public on blog_posts (is_featured, status, published_at)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of INDEXES) await sql.raw(statement).execute(db);

  await db.schema
    .createTable("record_tallies")
    .addColumn("name", "text", (col) => col.primaryKey())
    .addColumn("n", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into record_tallies (name, n) select 'contacts:' || status, count(*) from contacts group by status`.execute(db);
  await sql`insert into record_tallies (name, n) select 'line_customers', count(*) from line_customers`.execute(db);
  await sql`insert into record_tallies (name, n) select 'line_messages:' || customer_id, count(*) from line_messages group by customer_id`.execute(db);

  if (flavourOf(db) === "postgres") await talliesOnPostgres(db);
  else await talliesOnSqlite(db);
}

// One statement adds to a tally, creating it on its first use.
const ADD = (name: string, by: number) =>
  `insert into record_tallies (name, n) values (${name}, ${by}) on conflict (name) do update set n = record_tallies.n + ${by}`;

async function talliesOnSqlite(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create trigger contacts_tally_insert after insert on contacts begin ${ADD("'contacts:' || new.status", 1)}; end`,
    `create trigger contacts_tally_delete after delete on contacts begin ${ADD("'contacts:' || old.status", -1)}; end`,
    `create trigger contacts_tally_status after update of status on contacts when old.status <> new.status begin
       ${ADD("'contacts:' || old.status", -1)}; ${ADD("'contacts:' || new.status", 1)}; end`,
    `create trigger line_customers_tally_insert after insert on line_customers begin ${ADD("'line_customers'", 1)}; end`,
    `create trigger line_customers_tally_delete after delete on line_customers begin ${ADD("'line_customers'", -1)}; end`,
    `create trigger line_messages_tally_insert after insert on line_messages begin ${ADD("'line_messages:' || new.customer_id", 1)}; end`,
    `create trigger line_messages_tally_delete after delete on line_messages begin ${ADD("'line_messages:' || old.customer_id", -1)}; end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/**
 * On PostgreSQL each tally changes once per statement, from the statement's rows (transition
 * tables), in name order. Row by row, a statement of many rows updated the same tally row once per
 * row: in one transaction each of those versions stays, and every next update walks them all
 * (seeding 200,000 contacts never ended); and two webhook requests with messages of the same
 * customers locked each conversation's tally at their first message and waited on each other for
 * the rest of their transactions (0.15 ms a message at the median, 120 ms at the 99th percentile).
 * Now the webhook's one statement of messages locks each tally once, at its end, in one order.
 */
const TALLIES_PER_STATEMENT: Array<{ table: string; event: "insert" | "delete" | "update"; changes: string }> = [
  { table: "contacts", event: "insert", changes: "select 'contacts:' || status, count(*) from new_rows group by status" },
  { table: "contacts", event: "delete", changes: "select 'contacts:' || status, -count(*) from old_rows group by status" },
  {
    // Any update (a trigger with transition tables cannot name its columns); only a status change moves a tally.
    table: "contacts",
    event: "update",
    changes: `select 'contacts:' || status, sum(n) from (
        select status, count(*) as n from new_rows group by status
        union all select status, -count(*) from old_rows group by status) as changed
      group by status having sum(n) <> 0`,
  },
  { table: "line_customers", event: "insert", changes: "select 'line_customers', count(*) from new_rows having count(*) > 0" },
  { table: "line_customers", event: "delete", changes: "select 'line_customers', -count(*) from old_rows having count(*) > 0" },
  { table: "line_messages", event: "insert", changes: "select 'line_messages:' || customer_id, count(*) from new_rows group by customer_id" },
  { table: "line_messages", event: "delete", changes: "select 'line_messages:' || customer_id, -count(*) from old_rows group by customer_id" },
];

const tallyTrigger = ({ table, event }: { table: string; event: string }) => `${table}_tally_${event}`;

async function talliesOnPostgres(db: Kysely<unknown>): Promise<void> {
  for (const tally of TALLIES_PER_STATEMENT) {
    const name = tallyTrigger(tally);
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        insert into record_tallies (name, n)
          select * from (${tally.changes}) as changes (name, n) order by name
          on conflict (name) do update set n = record_tallies.n + excluded.n;
        return null;
      end $$`).execute(db);
    const tables = { insert: "new table as new_rows", delete: "old table as old_rows", update: "old table as old_rows new table as new_rows" }[tally.event];
    await sql.raw(`create trigger ${name} after ${tally.event} on ${tally.table} referencing ${tables} for each statement execute function ${name}()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (flavourOf(db) === "postgres") {
    for (const tally of TALLIES_PER_STATEMENT) {
      await sql.raw(`drop trigger ${tallyTrigger(tally)} on ${tally.table}`).execute(db);
      await sql.raw(`drop function ${tallyTrigger(tally)}()`).execute(db);
    }
  } else {
    for (const trigger of ["contacts_tally_insert", "contacts_tally_delete", "contacts_tally_status", "line_customers_tally_insert", "line_customers_tally_delete", "line_messages_tally_insert", "line_messages_tally_delete"]) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
  }
  await db.schema.dropTable("record_tallies").execute();
  for (const name of [
    "contacts_created",
    "line_customers_recent",
    "blog_posts_recent",
    "line_messages_unread_by_customer",
    "blog_posts_category_public",
    "blog_posts_featured_public",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
