// Compressed bodies: once with brotli and gzip for answers served many times
// from memory (cached pages, the public settings JSON), or for one answer.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, gzipSync, constants as zlib, type BrotliOptions } from "node:zlib";

export interface CompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export type Encoding = keyof CompressedBody;

/**
 * Brotli at `quality` with a window no larger than the body. Quality 9 is the cliff:
 * measured on this machine, the 110 KB home page took 88 ms at 9 and 1.9 ms at 8 for
 * 0.4 % more bytes, and a 6 KB news search 18 ms at 9 and 0.1 ms at 8 with the window
 * sized to it (the default 4 MB window is set up for every body, however small).
 */
function brotliOptions(body: Buffer, quality: number): BrotliOptions {
  const window = Math.min(zlib.BROTLI_MAX_WINDOW_BITS, Math.max(zlib.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length + 1))));
  return { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_LGWIN]: window, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } };
}

export function compressOnce(identity: Buffer): CompressedBody {
  return {
    identity,
    br: brotliCompressSync(identity, brotliOptions(identity, 8)),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

const brotliCompressAsync = promisify(brotliCompress);

/**
 * Brotli at its best (quality 11), on a libuv thread, never the event loop: for a page
 * served many times (decision 049). Measured on the bench's pages: the home page with three
 * banners 17,389 → 16,216 bytes and the gallery with 12 cases 14,318 → 13,062 (7–9 % fewer
 * than quality 8), for about 100 ms of that thread per page.
 */
export function compressBest(identity: Buffer): Promise<Buffer> {
  return brotliCompressAsync(identity, brotliOptions(identity, 11));
}

/**
 * A body sent once (a page that is not cached: the contact page, the back office's
 * shell), compressed for this request only, at a level quick enough to do per request.
 */
export function compressForOneAnswer(identity: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") return brotliCompressSync(identity, brotliOptions(identity, 5));
  if (encoding === "gzip") return gzipSync(identity, { level: 6 });
  return identity;
}

export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return "identity";
}
