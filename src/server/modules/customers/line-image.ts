// An image the staff send over LINE, made the way LINE takes it: JPEG or PNG
// only (other formats become JPEG), turned upright with its metadata (GPS
// included) removed, at most 4096 px a side, and a small JPEG preview that the
// chat shows before the customer taps it (LINE allows 1 MB for a preview).
import { MAX_IMAGE_PIXELS } from "#contract/media.ts";
import { AppError } from "#server/lib/errors.ts";
import { tooManyPixels, unreadableImage } from "#server/modules/media/image-pipeline.ts";

import type sharpFunction from "sharp";

const ORIGINAL_MAX_SIDE = 4096;
const PREVIEW_MAX_SIDE = 480;

export interface LineImage {
  original: Buffer;
  extension: "jpg" | "png";
  preview: Buffer;
}

// Loaded on the first image: libvips would otherwise sit in idle memory.
let sharpPromise: Promise<typeof sharpFunction> | undefined;
const loadSharp = () => (sharpPromise ??= import("sharp").then((module) => module.default as typeof sharpFunction));

export async function prepareLineImage(inputPath: string, mime: string): Promise<LineImage> {
  const sharp = await loadSharp();
  const metadata = await sharp(inputPath, { failOn: "error" }).metadata().catch(() => {
    throw unreadableImage();
  });
  if (!metadata.width || !metadata.height) throw unreadableImage();
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  try {
    const upright = () =>
      sharp(inputPath, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    // PNG keeps its transparency; anything else LINE would refuse becomes JPEG.
    const keepPng = mime === "image/png";
    const original = keepPng ? await upright().png({ compressionLevel: 9 }).toBuffer() : await upright().flatten({ background: "#ffffff" }).jpeg({ quality: 86 }).toBuffer();
    const preview = await upright()
      .resize({ width: PREVIEW_MAX_SIDE, height: PREVIEW_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { original, extension: keepPng ? "png" : "jpg", preview };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadableImage();
  }
}
