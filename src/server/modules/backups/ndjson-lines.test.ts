import { describe, expect, it } from "vitest";
import { BackupArchiveError } from "./archive-format.ts";
import { LineMeter, linesOf } from "./ndjson-lines.ts";

const CHUNK = 64 * 1024;

/** `total` bytes of one line (no newline), a chunk at a time, counting what was read. */
function oneLongLine(total: number) {
  const read = { bytes: 0 };
  async function* chunks() {
    const chunk = Buffer.alloc(CHUNK, "a");
    while (read.bytes < total) {
      read.bytes += CHUNK;
      yield chunk;
    }
  }
  return { chunks: chunks(), read };
}

async function* of(...texts: string[]) {
  for (const text of texts) yield Buffer.from(text);
}

const collect = async (lines: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  return all;
};

describe("a table part's lines", () => {
  it("are cut wherever the chunks end, a character split across two chunks included, and empty lines left out", async () => {
    const text = '{"name":"林小姐"}\n\n{"name":"王先生"}\n{"name":"水塔"}';
    const bytes = Buffer.from(text);
    // Every split point, the middle of a three-byte character among them.
    for (let cut = 1; cut < bytes.length; cut += 1) {
      async function* halves() {
        yield bytes.subarray(0, cut);
        yield bytes.subarray(cut);
      }
      expect(await collect(linesOf(halves(), "database/contacts.ndjson", 1000)), `cut at ${cut}`).toEqual(['{"name":"林小姐"}', '{"name":"王先生"}', '{"name":"水塔"}']);
    }
  });

  it("refuse a line past the bound having read at most one chunk past it, in words naming the table", async () => {
    const bound = 1024 * 1024;
    const line = oneLongLine(200 * 1024 * 1024);
    const refused = await collect(linesOf(line.chunks, "database/contacts.ndjson", bound)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackupArchiveError);
    expect((refused as Error).message).toBe("這個備份無法還原：「聯絡表單留言」的資料裡有一筆超過 1 MB，比網站任何一筆資料可能的長度還長，不是本網站做出的備份，或已經被改過。");
    expect(line.read.bytes).toBeLessThanOrEqual(bound + CHUNK);
  });

  it("take a line exactly at the bound, and refuse one byte more, ended by a newline or not", async () => {
    const at = "x".repeat(100);
    expect(await collect(linesOf(of(at.slice(0, 60), `${at.slice(60)}\n`), "database/contacts.ndjson", 100))).toEqual([at]);
    expect(await collect(linesOf(of(at), "database/contacts.ndjson", 100))).toEqual([at]);
    await expect(collect(linesOf(of(`${at}x\n`), "database/contacts.ndjson", 100))).rejects.toBeInstanceOf(BackupArchiveError);
    await expect(collect(linesOf(of(at, "x"), "database/contacts.ndjson", 100))).rejects.toBeInstanceOf(BackupArchiveError);
  });

  it("read a 32 MB line in one pass (re-splitting the growing line at every chunk took minutes)", async () => {
    const line = oneLongLine(32 * 1024 * 1024);
    async function* ended() {
      yield* line.chunks;
      yield Buffer.from("\n");
    }
    const [only] = await collect(linesOf(ended(), "database/pages.ndjson", 32 * 1024 * 1024));
    expect(only).toHaveLength(32 * 1024 * 1024);
  });
});

describe("the meter of the verifying pass", () => {
  it("counts rows across chunks and refuses a line past the bound before the part ends", () => {
    const meter = new LineMeter("database/contacts.ndjson", { maxLineBytes: 10, maxRows: 100, rowsBefore: 0 });
    meter.feed(Buffer.from('{"a":1}\n{"b"'));
    meter.feed(Buffer.from(':2}\n\n{"c":3}'));
    meter.finish();
    expect(meter.rows).toBe(3);
    const long = new LineMeter("database/contacts.ndjson", { maxLineBytes: 10, maxRows: 100, rowsBefore: 0 });
    long.feed(Buffer.from("0123456789"));
    expect(() => long.feed(Buffer.from("0"))).toThrow(/「聯絡表單留言」的資料裡有一筆超過 10 位元組/);
  });

  it("refuses the row past the archive's count, the rows of earlier parts counted", () => {
    const meter = new LineMeter("database/jobs.ndjson", { maxLineBytes: 100, maxRows: 5, rowsBefore: 3 });
    meter.feed(Buffer.from("{}\n{}\n"));
    expect(() => meter.feed(Buffer.from("{}\n"))).toThrow("這個備份無法還原：資料超過 5 筆，比網站能保存的還多，不是本網站做出的備份。");
  });
});
