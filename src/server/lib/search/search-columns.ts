// A change to a record's searched fields rewrites its search columns (migration 020):
// the columns are made of several fields, so those the change leaves are read from
// the record, in the same transaction as the change.

/**
 * `row` with its search columns recomputed when it sets one of `sources`; unchanged
 * otherwise (a status or a counter changes nothing anyone searches for).
 */
export async function withSearchColumns<Row extends object, Source extends object>(
  row: Row,
  sources: ReadonlyArray<keyof Source & string>,
  current: () => Promise<Source | undefined>,
  columnsOf: (record: Source) => Record<string, string>,
): Promise<Row> {
  const changes = row as Record<string, unknown>;
  if (!sources.some((source) => changes[source] !== undefined)) return row;
  const record = await current();
  if (!record) return row;
  const merged = { ...record } as Record<string, unknown>;
  for (const source of sources) if (changes[source] !== undefined) merged[source] = changes[source];
  return { ...row, ...columnsOf(merged as Source) };
}
