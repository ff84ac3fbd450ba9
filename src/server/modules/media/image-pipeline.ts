// Turns an uploaded image into what pages need: an original with EXIF (GPS
// included) removed and orientation applied, responsive WebP and AVIF variants,
// and a tiny blurred placeholder. At most one image is decoded per core at a
// time, each with a single libvips thread, so uploads cannot exhaust the machine.
import os from "node:os";
import { MAX_IMAGE_PIXELS, VARIANT_WIDTHS } from "#contract/media.ts";
import { AppError } from "#server/lib/errors.ts";

import type sharpFunction from "sharp";
import type { Sharp as SharpImage } from "sharp";

type Sharp = typeof sharpFunction;

export interface ProcessedImage {
  original: Buffer;
  width: number;
  height: number;
  variants: Array<{ width: number; format: "webp" | "avif"; content: Buffer }>;
  placeholder: string;
}

// Loaded on the first upload: libvips would otherwise sit in idle memory.
let sharpPromise: Promise<Sharp> | undefined;
const loadSharp = () =>
  (sharpPromise ??= import("sharp").then((module) => {
    const sharp = module.default as Sharp;
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));

/**
 * AVIF's effort by width: the phone widths (up to 768) are what most visitors download, often
 * as a page's largest picture, so they get more of the encoder's time: 12–24 % fewer bytes for
 * about a quarter of a second more per upload here; larger widths stay quick (decision 048).
 */
const avifEffort = (width: number) => (width <= 768 ? 3 : 1);

const slots = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: Array<() => void> = [];
async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export const unreadableImage = () => new AppError(415, "無法讀取圖片，檔案可能已損毀或不完整");
export const tooManyPixels = () => new AppError(413, `圖片尺寸過大（超過 ${MAX_IMAGE_PIXELS / 1_000_000} 百萬像素），請縮小後再上傳`);

export function processImage(inputPath: string, mime: string): Promise<ProcessedImage> {
  return withDecodeSlot(async () => {
    const sharp = await loadSharp();
    const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const };
    // The header alone, without the pixel limit (sharp would report an oversized
    // image as unreadable): refuse large images by name before anything is decoded.
    const metadata = await sharp(inputPath, { failOn: "error" }).metadata().catch(() => {
      throw unreadableImage();
    });
    if (!metadata.width || !metadata.height) throw unreadableImage();
    if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
    // Width and height as shown, after EXIF orientation.
    const oriented = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };

    try {
      // GIFs keep their bytes (animation; GIF carries no EXIF); others are re-encoded without metadata.
      const original =
        mime === "image/gif"
          ? await sharp(inputPath, { ...options, animated: true }).gif().toBuffer()
          : await encodeLike(sharp(inputPath, options).rotate(), mime).toBuffer();

      // Variants start from one decode at the largest needed width.
      const working = await sharp(inputPath, options)
        .rotate()
        .resize({ width: Math.min(oriented.width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]), withoutEnlargement: true })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: working.info.width, height: working.info.height, channels: working.info.channels } };

      const widths: number[] = [...VARIANT_WIDTHS.filter((width) => width < working.info.width), working.info.width];
      const variants: ProcessedImage["variants"] = [];
      for (const width of [...new Set(widths)]) {
        const resized = () => sharp(working.data, raw).resize({ width });
        variants.push({ width, format: "webp", content: await resized().webp({ quality: 78 }).toBuffer() });
        variants.push({ width, format: "avif", content: await resized().avif({ quality: 55, effort: avifEffort(width) }).toBuffer() });
      }
      const tiny = await sharp(working.data, raw).resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
      return {
        original,
        width: oriented.width,
        height: oriented.height,
        variants,
        placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadableImage();
    }
  });
}

function encodeLike(image: SharpImage, mime: string) {
  switch (mime) {
    case "image/png":
      return image.png({ compressionLevel: 9 });
    case "image/webp":
      return image.webp({ quality: 85 });
    case "image/avif":
      return image.avif({ quality: 60, effort: 2 });
    default:
      return image.jpeg({ quality: 86 });
  }
}
