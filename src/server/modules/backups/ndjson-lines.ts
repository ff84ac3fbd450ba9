// The lines of a table's part (one JSON object per row), read in one pass over
// its bytes, never past a bound: a line is collected as the chunks it spans and
// joined once it ends, so reading costs the same per byte however long the
// line is, and no line longer than `maxLineBytes` is ever held (a crafted
// archive's 200 MB line is refused after the first few MB). A newline byte
// never occurs inside a UTF-8 character, so lines are cut on bytes and decoded whole.
import { ARCHIVE_MESSAGES, BackupArchiveError, partInWords } from "./archive-format.ts";

const NEWLINE = 0x0a;

export interface LineBounds {
  /** The longest line (row) a part may hold, in bytes. */
  maxLineBytes: number;
  /** How many rows the archive may hold… */
  maxRows: number;
  /** …and how many the parts before this one held. */
  rowsBefore: number;
}

/** Counts a part's lines as its bytes go by, refusing a line past the bound and rows past the count. */
export class LineMeter {
  /** Bytes of the line not ended yet. */
  private open = 0;
  private readonly partPath: string;
  private readonly bounds: LineBounds;
  /** Rows (lines that are not empty) so far. */
  rows = 0;

  constructor(partPath: string, bounds: LineBounds) {
    this.partPath = partPath;
    this.bounds = bounds;
  }

  feed(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.endLine(this.open + end - start);
      start = end + 1;
    }
    this.open += chunk.length - start;
    if (this.open > this.bounds.maxLineBytes) throw rowTooLong(this.partPath, this.bounds.maxLineBytes);
  }

  /** The part has ended: its last line, when it has no newline after it. */
  finish(): void {
    if (this.open > 0) this.endLine(this.open);
  }

  private endLine(bytes: number): void {
    this.open = 0;
    if (bytes === 0) return;
    if (bytes > this.bounds.maxLineBytes) throw rowTooLong(this.partPath, this.bounds.maxLineBytes);
    if (this.bounds.rowsBefore + this.rows >= this.bounds.maxRows) throw new BackupArchiveError(ARCHIVE_MESSAGES.tooManyRows(this.bounds.maxRows));
    this.rows += 1;
  }
}

const rowTooLong = (partPath: string, maxLineBytes: number) => new BackupArchiveError(ARCHIVE_MESSAGES.rowTooLong(partInWords({ path: partPath }), maxLineBytes));

/** A part's lines as text, empty lines left out; a line past `maxLineBytes` is refused before more of it is read. */
export async function* linesOf(chunks: AsyncIterable<Buffer>, partPath: string, maxLineBytes: number): AsyncGenerator<string> {
  let pieces: Buffer[] = [];
  let open = 0;
  const line = (last: Buffer) => {
    const text = (pieces.length === 0 ? last : Buffer.concat([...pieces, last])).toString("utf8");
    pieces = [];
    open = 0;
    return text;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      if (open + end - start > maxLineBytes) throw rowTooLong(partPath, maxLineBytes);
      const text = line(chunk.subarray(start, end));
      if (text !== "") yield text;
      start = end + 1;
    }
    if (start < chunk.length) {
      open += chunk.length - start;
      if (open > maxLineBytes) throw rowTooLong(partPath, maxLineBytes);
      pieces.push(chunk.subarray(start));
    }
  }
  if (open > 0) yield line(Buffer.alloc(0));
}
