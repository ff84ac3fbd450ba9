// The type of an upload is decided by its first bytes, never by its name or the
// type the browser declared. Anything not listed here (SVG, HTML, scripts) is refused.
export type FileKind = "image" | "video" | "pdf";

export interface DetectedType {
  kind: FileKind;
  mime: string;
  extension: string;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString("latin1");

const QUICKTIME: DetectedType = { kind: "video", mime: "video/quicktime", extension: "mov" };
const MPEG: DetectedType = { kind: "video", mime: "video/mpeg", extension: "mpg" };
const QUICKTIME_ATOMS = new Set(["moov", "mdat", "wide", "pnot", "skip", "free"]);

const MP4_BRANDS = new Set(["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "M4V ", "MSNV", "mmp4"]);

export function detectFileType(head: Buffer): DetectedType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: "image", mime: "image/jpeg", extension: "jpg" };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: "image", mime: "image/png", extension: "png" };
  }
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return { kind: "image", mime: "image/gif", extension: "gif" };
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return { kind: "image", mime: "image/webp", extension: "webp" };
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "avif" || brand === "avis") return { kind: "image", mime: "image/avif", extension: "avif" };
    if (MP4_BRANDS.has(brand)) return { kind: "video", mime: "video/mp4", extension: "mp4" };
    // An iPhone or a camera's QuickTime movie (often HEVC): kept as .mov, turned into an MP4 by a job.
    if (brand === "qt  ") return QUICKTIME;
    return undefined;
  }
  // QuickTime files older than the ftyp box start with one of these atoms (its size first: never text).
  if (head.length >= 8 && QUICKTIME_ATOMS.has(ascii(head, 4, 8)) && head[0]! < 0x20 && head.readUInt32BE(0) >= 8) return QUICKTIME;
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "AVI ") return { kind: "video", mime: "video/x-msvideo", extension: "avi" };
  // MPEG-1/2 program stream (a pack header) or a bare video stream (a sequence header): .mpg from cameras and DVDs.
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return MPEG;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001b3) return MPEG;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && ascii(head, 0, Math.min(head.length, 64)).includes("webm")) {
    return { kind: "video", mime: "video/webm", extension: "webm" };
  }
  if (ascii(head, 0, 5) === "%PDF-") return { kind: "pdf", mime: "application/pdf", extension: "pdf" };
  return undefined;
}
