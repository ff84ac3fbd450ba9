// A body compressed once with brotli and gzip, for answers served many times
// from memory (cached pages, the public settings JSON).
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

export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  if (/\bbr\b/.test(acceptEncoding)) return "br";
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip";
  return "identity";
}
