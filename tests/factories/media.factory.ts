// Real files for upload tests: images made with sharp (so the pipeline has to
// decode them for real), the smallest byte sequences that are genuinely MP4,
// WebM and PDF, hostile files that pretend to be images, and multipart bodies
// built by hand, so that file names and declared types are exactly what a
// browser (or an attacker) would send.
import { randomBytes } from "node:crypto";
import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";

export const MB = 1024 * 1024;

/**
 * Pixels that look like a photograph rather than a test card: a sky-to-ground
 * gradient, a few soft shapes, and a little grain, so that encoders do real work
 * and the result has the size of a photo, not of a flat colour.
 */
export function photoPixels(width: number, height: number, seed = 1): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    const v = y / height;
    const horizon = 0.55 + 0.08 * Math.sin((y / height) * 3 + seed);
    for (let x = 0; x < width; x++) {
      const u = x / width;
      state = (state * 1664525 + 1013904223) >>> 0;
      const grain = ((state >>> 24) & 15) - 8;
      const hill = v > horizon - 0.1 * Math.sin(u * 7 + seed) ? 1 : 0;
      const i = (y * width + x) * 3;
      const r = hill ? 60 + 80 * u + 30 * Math.sin(x / 23) : 120 + 100 * v;
      const g = hill ? 110 + 60 * (1 - v) + 20 * Math.sin(y / 17) : 170 + 60 * v;
      const b = hill ? 50 + 40 * v : 235 - 40 * v;
      pixels[i] = Math.max(0, Math.min(255, r + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return pixels;
}

/** A photo-like image (noise over a gradient) of this size, ready for any encoder. */
export const photo = (width: number, height: number, seed?: number) =>
  sharp(photoPixels(width, height, seed), { raw: { width, height, channels: 3 } });

/** Side of the red square `phoneJpeg({ marker: true })` paints in the stored top-left corner. */
export const MARKER = 100;

/** The GPS position a phone writes (Keelung harbour), so that stripping it can be checked. */
const GPS = { GPSLatitudeRef: "N", GPSLatitude: "25/1 7/1 5130/100", GPSLongitudeRef: "E", GPSLongitude: "121/1 44/1 2270/100" };

/**
 * A JPEG as a phone takes it: stored `width`×`height` with an EXIF orientation
 * tag (6 = shown rotated 90° clockwise), camera make and model, and GPS location.
 */
export function phoneJpeg(
  options: { width?: number; height?: number; orientation?: number; seed?: number; quality?: number; marker?: boolean } = {},
): Promise<Buffer> {
  const { width = 600, height = 400, orientation = 6, seed, quality = 85, marker = false } = options;
  const pixels = photoPixels(width, height, seed);
  // A pure red square in the stored top-left corner shows where rotation moved it.
  if (marker) for (let y = 0; y < MARKER; y++) for (let x = 0; x < MARKER; x++) pixels.set([255, 0, 0], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withMetadata({ orientation })
    .withExifMerge({ IFD0: { Make: "TestPhone", Model: "Keelung X1" }, IFD3: GPS })
    .toBuffer();
}

export const pngImage = (width = 300, height = 200) => photo(width, height, 2).png().toBuffer();
export const gifImage = (width = 120, height = 80) => photo(width, height, 3).gif().toBuffer();
export const webpImage = (width = 300, height = 200) => photo(width, height, 4).webp({ quality: 80 }).toBuffer();
export const avifImage = (width = 300, height = 200) => photo(width, height, 5).avif({ quality: 50, effort: 0 }).toBuffer();

function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

/** An ISO base media file: `ftyp` (brand isom), a `free` box and an `mdat` with some bytes. */
export function mp4Video(payloadBytes = 4096): Buffer {
  const ftyp = box("ftyp", Buffer.from("isom\0\0\x02\0isomiso2avc1mp41", "latin1"));
  return Buffer.concat([ftyp, box("free", Buffer.alloc(0)), box("mdat", randomBytes(payloadBytes))]);
}

/** An EBML header with DocType "webm", then a Segment of unknown size holding some bytes. */
export function webmVideo(payloadBytes = 4096): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from("webm", "latin1")]);
  const fields = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 0x01]), // EBMLReadVersion 1
    Buffer.from([0x42, 0xf2, 0x81, 0x04]), // EBMLMaxIDLength 4
    Buffer.from([0x42, 0xf3, 0x81, 0x08]), // EBMLMaxSizeLength 8
    docType,
    Buffer.from([0x42, 0x87, 0x81, 0x04]), // DocTypeVersion 4
    Buffer.from([0x42, 0x85, 0x81, 0x02]), // DocTypeReadVersion 2
  ]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | fields.length]), fields]);
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), randomBytes(payloadBytes)]);
  return Buffer.concat([header, segment]);
}

/** A video file of exactly `bytes` bytes (for size limits). */
export const mp4OfSize = (bytes: number) => {
  const head = mp4Video(0);
  return Buffer.concat([head.subarray(0, head.length - 8), box("mdat", Buffer.alloc(bytes - head.length))]);
};

export const pdfDocument = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    "latin1",
  );

export const phpScript = () => Buffer.from("<?php echo shell_exec($_GET['cmd'] ?? 'id'); ?>\n");
export const htmlPage = () => Buffer.from("<!doctype html><html><body><script>fetch('/admin-api.php/settings')</script></body></html>\n");
export const svgWithScript = () =>
  Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n');
export const plainText = () => Buffer.from("這不是圖片，只是一段文字。\nnot an image at all\n");

/** A real JPEG padded after its end-of-image marker to at least `bytes`: still a valid image. */
export async function jpegOfAtLeast(bytes: number): Promise<Buffer> {
  const image = await phoneJpeg({ width: 200, height: 150, orientation: 1 });
  return Buffer.concat([image, Buffer.alloc(Math.max(0, bytes - image.length), 0x20)]);
}

/**
 * A decompression bomb: a PNG claiming `width`×`height` pixels of one colour.
 * A 1-bit greyscale image of zeros deflates to almost nothing, so the file is
 * tiny while decoding it would need width×height×channels bytes.
 */
export function bombPng(width = 10_000, height = 10_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed pixels
  const idat = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Whether an EXIF block (as sharp's metadata().exif returns it) carries a GPS sub-directory. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf("Exif\0\0") === 0 ? 6 : 0);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

export interface MultipartPart {
  name: string;
  /** A text field. */
  value?: string;
  /** A file: its bytes, the name and type the client claims. */
  content?: Buffer;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart/form-data body exactly as given: the file name goes into
 * Content-Disposition byte for byte (UTF-8), unescaped, as a browser or a
 * hand-made request would send it.
 */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----media-test-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.content !== undefined) head += `; filename="${part.filename ?? "file"}"\r\nContent-Type: ${part.contentType ?? "application/octet-stream"}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`, "utf8"), part.content ?? Buffer.from(part.value ?? "", "utf8"), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
