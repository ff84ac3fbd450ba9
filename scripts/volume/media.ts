// The few real pictures that thousands of cases, posts and chats share: tiled
// surfaces drawn from the seed (dirty before, clean after), uploaded the way
// the media library does (media.service.ts: typed by their bytes, through the
// image pipeline, the original and its WebP/AVIF variants stored, then the
// record), and chat photos kept the way the LINE inbox does (a customer's file
// as downloaded, a staff photo with its preview beside it).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FileStorage } from "#server/integrations/storage.ts";
import { prepareLineImage } from "#server/modules/customers/line-image.ts";
import { previewKeyOf } from "#server/modules/customers/line-send.ts";
import { detectFileType } from "#server/modules/media/file-type.ts";
import { processImage } from "#server/modules/media/image-pipeline.ts";
import type { StoredVariant } from "#server/modules/media/media-files.ts";
import { fillTables, nextIdOf, type Writer } from "./insert-batches.ts";
import type { Random } from "./random.ts";
import { DAY_MS, iso, type Timeline } from "./timeline.ts";

/** Before and after pictures of one kind of surface. */
const SURFACES = [
  { name: "水塔內部", colour: [196, 214, 226] },
  { name: "浴室磁磚", colour: [232, 228, 220] },
  { name: "大理石地面", colour: [226, 222, 214] },
  { name: "停車場地面", colour: [168, 170, 172] },
  { name: "外牆磁磚", colour: [190, 160, 140] },
  { name: "廚房牆面", colour: [238, 236, 230] },
  { name: "辦公室地板", colour: [200, 186, 160] },
  { name: "頂樓地面", colour: [176, 176, 168] },
] as const;
const WIDTH = 480;
const HEIGHT = 360;
const CHAT_PHOTOS = 4;

export interface LibraryPicture {
  id: number;
  path: string;
}

export interface Pictures {
  /** A surface's before and after pictures, in the media library. */
  pairs: Array<{ name: string; before: LibraryPicture; after: LibraryPicture }>;
  /** Photos customers sent (as downloaded from LINE), and photos the staff sent (with their previews). */
  chatIncoming: string[];
  chatOutgoing: string[];
}

/** A photograph-like surface: tiles and grout, light falling off to the corners; dirt as stains, grime and grain. */
function drawSurface(random: Random, colour: readonly number[], dirty: boolean): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const tile = random.int(50, 100);
  const grime = dirty ? 0.72 : 1;
  // Grain in 4-pixel cells: a photo's texture without making every encoder work on white noise.
  const cells = Math.ceil(WIDTH / 4);
  const grain = Float64Array.from({ length: cells * Math.ceil(HEIGHT / 4) }, () => (random.next() - 0.5) * (dirty ? 36 : 8));
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const light = 1 - 0.5 * (((x - WIDTH / 2) / WIDTH) ** 2 + ((y - HEIGHT / 2) / HEIGHT) ** 2);
      const grout = x % tile < 3 || y % tile < 3 ? (dirty ? 0.45 : 0.82) : 1;
      const noise = grain[(y >> 2) * cells + (x >> 2)]!;
      for (let channel = 0; channel < 3; channel++) {
        pixels[(y * WIDTH + x) * 3 + channel] = Math.max(0, Math.min(255, Math.round(colour[channel]! * light * grout * grime + noise)));
      }
    }
  }
  if (dirty) {
    for (let stain = random.int(6, 14); stain > 0; stain--) {
      const [cx, cy, radius] = [random.int(0, WIDTH), random.int(0, HEIGHT), random.int(25, 130)];
      const tint = random.pick([[90, 70, 30], [60, 80, 40], [40, 40, 40]]);
      for (let y = Math.max(0, cy - radius); y < Math.min(HEIGHT, cy + radius); y++) {
        for (let x = Math.max(0, cx - radius); x < Math.min(WIDTH, cx + radius); x++) {
          const strength = 0.6 * (1 - Math.hypot(x - cx, y - cy) / radius);
          if (strength <= 0) continue;
          for (let channel = 0; channel < 3; channel++) {
            const at = (y * WIDTH + x) * 3 + channel;
            pixels[at] = Math.round(pixels[at]! * (1 - strength) + tint[channel]! * strength);
          }
        }
      }
    }
  }
  return pixels;
}

async function encode(pixels: Buffer, format: "jpeg" | "webp"): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const image = sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  return format === "jpeg" ? image.jpeg({ quality: 88 }).toBuffer() : image.webp({ quality: 88 }).toBuffer();
}

const folderOf = (at: number) => iso(at).slice(0, 7).replace("-", "/");

export async function writePictures(writer: Writer, storage: FileStorage, random: Random, timeline: Timeline): Promise<Pictures> {
  const scratch = await mkdtemp(path.join(tmpdir(), "seed-volume-"));
  try {
    let nextId = await nextIdOf(writer.db, "media_files");
    const pairs: Pictures["pairs"] = [];
    const chatIncoming: string[] = [];
    const chatOutgoing: string[] = [];
    await fillTables(writer, "pictures", async (open) => {
      const files = open("media_files", ["id", "filename", "original_name", "file_path", "mime_type", "file_size", "width", "height", "alt_text", "placeholder", "variants", "created_at", "updated_at"]);
      // Uploaded in the first weeks of the span: every case and post after them may show them.
      let at = timeline.start + DAY_MS;
      const upload = async (pixels: Buffer, format: "jpeg" | "webp", originalName: string, alt: string): Promise<LibraryPicture> => {
        const bytes = await encode(pixels, format);
        const detected = detectFileType(bytes.subarray(0, 64))!;
        const source = path.join(scratch, `upload.${detected.extension}`);
        await writeFile(source, bytes);
        const image = await processImage(source, detected.mime);
        const id = nextId++;
        at += random.int(1, 3) * DAY_MS;
        const folder = folderOf(at);
        const name = `${random.hex(12)}${id.toString(16).padStart(8, "0")}`;
        const key = `${folder}/${name}.${detected.extension}`;
        await storage.putBuffer(key, image.original);
        const variants: StoredVariant[] = [];
        for (const variant of image.variants) {
          const variantKey = `${folder}/${name}-${variant.width}w.${variant.format}`;
          await storage.putBuffer(variantKey, variant.content);
          variants.push({ width: variant.width, format: variant.format, key: variantKey });
        }
        const filePath = storage.urlOf(key);
        const stamp = iso(at);
        await files.add([id, `${name}.${detected.extension}`, originalName, filePath, detected.mime, image.original.length, image.width, image.height, alt, image.placeholder, JSON.stringify(variants), stamp, stamp]);
        return { id, path: filePath };
      };
      for (const [index, surface] of SURFACES.entries()) {
        const format = index % 2 === 0 ? "jpeg" : "webp";
        const extension = format === "jpeg" ? "jpg" : "webp";
        const before = await upload(drawSurface(random, surface.colour, true), format, `${surface.name}施工前.${extension}`, `${surface.name}清潔前`);
        const after = await upload(drawSurface(random, surface.colour, false), format, `IMG_${random.int(1000, 9999)}.${extension}`, `${surface.name}清潔後`);
        pairs.push({ name: surface.name, before, after });
      }
      for (let index = 0; index < CHAT_PHOTOS; index++) {
        const surface = random.pick(SURFACES);
        // A customer's photo is kept as LINE gave it; a staff photo as the chat's upload makes it, with its preview.
        // Keys as line-events.ts's contentKey makes them; the same seed writes the same bytes under the same key.
        const customerKey = `${folderOf(at)}/line-${random.hex(20)}.jpg`;
        await storage.putBuffer(customerKey, await encode(drawSurface(random, surface.colour, true), "jpeg"));
        chatIncoming.push(storage.urlOf(customerKey));
        const source = path.join(scratch, "chat.jpg");
        await writeFile(source, await encode(drawSurface(random, surface.colour, false), "jpeg"));
        const prepared = await prepareLineImage(source, "image/jpeg");
        const staffKey = `${folderOf(at)}/line-${random.hex(20)}.${prepared.extension}`;
        await storage.putBuffer(staffKey, prepared.original);
        await storage.putBuffer(previewKeyOf(staffKey), prepared.preview);
        chatOutgoing.push(storage.urlOf(staffKey));
      }
    });
    return { pairs, chatIncoming, chatOutgoing };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
