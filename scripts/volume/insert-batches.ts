// Many rows fast: multi-row INSERTs written as SQL text with placeholders
// (Kysely's query builder costs more per value than the database does for a
// million rows), at most 30,000 bound parameters a statement (SQLite allows
// 32,766, PostgreSQL 65,535), each table's rows in one transaction. Rows carry
// their ids (the next after the table's largest), so that related rows can name
// them before they are written; PostgreSQL's sequences are moved past them.
import { CompiledQuery, sql, type Kysely } from "kysely";
import type { Db } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import type { Database } from "#server/db/schema.ts";

const MAX_PARAMETERS = 30_000;

export type Value = string | number | null;
export type TableName = keyof Database & string;

export interface Writer {
  db: Db;
  flavour: SqlFlavour;
  /** One line of progress, for the person running it. */
  log: (line: string) => void;
}

/** The id the next row of `table` gets: one past its largest. */
export async function nextIdOf(db: Db, table: TableName): Promise<number> {
  const { rows } = await sql<{ id: number | string | null }>`select max(id) as id from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.id ?? 0) + 1;
}

/** Rows of one table, sent in full statements as they come. */
export class RowBatch {
  readonly #db: Kysely<Database>;
  readonly #flavour: SqlFlavour;
  readonly #head: string;
  readonly #width: number;
  readonly #perStatement: number;
  readonly #texts = new Map<number, string>();
  #values: Value[] = [];
  #rows = 0;
  written = 0;
  /** Whether the rows carry their ids (PostgreSQL's sequence then follows). */
  readonly withIds: boolean;

  /** The batches opened before this one: their rows go first, so that rows naming them find them (foreign keys). */
  readonly #earlier: readonly RowBatch[];

  constructor(db: Kysely<Database>, flavour: SqlFlavour, table: TableName, columns: readonly string[], earlier: readonly RowBatch[] = []) {
    this.#db = db;
    this.#earlier = earlier;
    this.#flavour = flavour;
    this.#width = columns.length;
    this.withIds = columns.includes("id");
    this.#perStatement = Math.floor(MAX_PARAMETERS / columns.length);
    this.#head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) values `;
  }

  /** Adds a row (its values in the columns' order); a full statement is sent. */
  async add(row: readonly Value[]): Promise<void> {
    if (row.length !== this.#width) throw new Error(`${this.#head}: a row of ${row.length} values for ${this.#width} columns`);
    for (const value of row) this.#values.push(value);
    this.#rows += 1;
    if (this.#rows >= this.#perStatement) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#rows === 0) return;
    for (const batch of this.#earlier) await batch.flush();
    const query = CompiledQuery.raw(this.#textFor(this.#rows), this.#values);
    this.#values = [];
    this.written += this.#rows;
    this.#rows = 0;
    await this.#db.executeQuery(query);
  }

  /** The statement's text for `rows` rows; a full statement's is made once (every full statement has the same). */
  #textFor(rows: number): string {
    const kept = this.#texts.get(rows);
    if (kept) return kept;
    const groups: string[] = [];
    if (this.#flavour === "sqlite") {
      const group = `(${Array.from({ length: this.#width }, () => "?").join(", ")})`;
      for (let row = 0; row < rows; row++) groups.push(group);
    } else {
      let parameter = 1;
      for (let row = 0; row < rows; row++) groups.push(`(${Array.from({ length: this.#width }, () => `$${parameter++}`).join(", ")})`);
    }
    const text = this.#head + groups.join(", ");
    if (rows === this.#perStatement) this.#texts.set(rows, text);
    return text;
  }
}

/**
 * Fills tables in one transaction: `fill` adds rows through the batches it
 * opens, parents first (and may write a few rows itself with `trx`); everything is sent and committed before the progress line, which
 * names each table's rows and the seconds taken.
 */
export async function fillTables(
  writer: Writer,
  label: string,
  fill: (open: (table: TableName, columns: readonly string[]) => RowBatch, trx: Db) => Promise<void>,
): Promise<Record<string, number>> {
  const started = performance.now();
  const batches = new Map<TableName, RowBatch>();
  await writer.db.transaction().execute(async (trx) => {
    await fill((table, columns) => {
      const batch = new RowBatch(trx, writer.flavour, table, columns, [...batches.values()]);
      if (batches.has(table)) throw new Error(`${table} is opened twice in ${label}`);
      batches.set(table, batch);
      return batch;
    }, trx);
    for (const batch of batches.values()) await batch.flush();
    if (writer.flavour === "postgres") for (const [table, batch] of batches) if (batch.withIds) await moveSequencePastIds(trx, table);
  });
  const counts = Object.fromEntries([...batches].map(([table, batch]) => [table, batch.written]));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  writer.log(`${label.padEnd(14)} ${Object.entries(counts).map(([table, count]) => `${count.toLocaleString("en-US")} ${table}`).join(", ")} in ${seconds} s`);
  return counts;
}

/** Rows came with their ids: the table's serial continues after the largest. */
async function moveSequencePastIds(trx: Kysely<Database>, table: TableName): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.table(table)}), false)`.execute(trx);
}
