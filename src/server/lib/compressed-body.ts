// Compressed bodies: once with brotli and gzip for answers served many times
// from memory (cached pages, the public settings JSON), or for one answer.
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

export interface CompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export type Encoding = keyof CompressedBody;

export function compressOnce(identity: Buffer): CompressedBody {
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * A body sent once (a page that is not cached: the contact page, the back office's
 * shell), compressed for this request only, at a level quick enough to do per request.
 */
export function compressForOneAnswer(identity: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") return brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === "gzip") return gzipSync(identity, { level: 6 });
  return identity;
}

export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return "identity";
}
