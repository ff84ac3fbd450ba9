// The media library, read, and the upload's orchestration: the bytes typed by
// their content, sized by their place, pictures through the pipeline, stored,
// then the record written by its operation (media.operations.ts); nothing
// half-done stays behind. Listing shows where each file is used (decision 024).
import { randomBytes } from "node:crypto";
import { MB, MEDIA_USAGES_LISTED, TRASH_DAYS, type MediaFile, type MediaVariant, type ResponsivePicture, type TrashedMediaFile, UPLOAD_RULES, type VideoProcessing } from "#contract/media.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { AppError } from "#server/lib/errors.ts";
import type { Actor } from "#server/lib/operations.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { detectFileType } from "./file-type.ts";
import { processImage } from "./image-pipeline.ts";
import { toMediaFile, variantsOf, videoProcessingOf, type StoredVariant } from "./media-files.ts";
import { namedUsages } from "./media-usage.ts";
import type { MediaOperations } from "./media.operations.ts";
import type { ReceivedUpload } from "./upload-receiver.ts";
import { mediaRepo } from "./media.repo.ts";

export type UploadRules = (typeof UPLOAD_RULES)[keyof typeof UPLOAD_RULES];

export const typeRefusal = (rules: UploadRules) =>
  rules.kinds.length === 1 ? "請選擇圖片檔案（JPG、PNG、GIF、WebP 或 AVIF）" : "不支援的檔案格式，僅支援 JPG、PNG、GIF、WebP、AVIF 圖片及 MP4、WebM、MOV、MPEG、AVI 影片";
export const sizeRefusal = (bytes: number) => `檔案大小不能超過 ${Math.round(bytes / MB)}MB`;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface MediaDeps {
  db: ReadDb;
  cache: PublicCache;
  storage: FileStorage;
  run: RunOperation;
  operations: Pick<MediaOperations, "recordUpload">;
  clock?: () => Date;
}

export function createMediaService(deps: MediaDeps) {
  const { db, cache, storage, run, operations } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** Size, placeholder and srcsets of the uploaded images among these site paths; others are left out. */
  async function picturesOf(paths: string[]): Promise<Record<string, ResponsivePicture>> {
    const rows = await mediaRepo.picturesByPaths(db, [...new Set(paths.filter((entry) => storage.keyOf(entry) !== undefined))]);
    const pictures: Record<string, ResponsivePicture> = {};
    for (const row of rows) {
      if (!row.width || !row.height) continue;
      const srcset = (format: MediaVariant["format"]) =>
        variantsOf(row)
          .filter((variant) => variant.format === format)
          .sort((a, b) => a.width - b.width)
          .map((variant) => `${storage.urlOf(variant.key)} ${variant.width}w`)
          .join(", ");
      pictures[row.file_path] = { width: row.width, height: row.height, placeholder: row.placeholder, alt: row.alt_text, avif: srcset("avif"), webp: srcset("webp") };
    }
    return pictures;
  }

  /**
   * The processing of the uploaded videos among these site paths (decision 029): a page reads it when
   * served, so a video that finishes after the page was published plays its MP4 from then on.
   */
  async function videosOf(paths: string[]): Promise<Record<string, VideoProcessing>> {
    const rows = await mediaRepo.videosByPaths(db, [...new Set(paths.filter((entry) => storage.keyOf(entry) !== undefined))]);
    return Object.fromEntries(rows.map((row) => [row.file_path, videoProcessingOf(row)]));
  }

  return {
    site: {
      /** Sizes and srcsets of uploaded images, for pages that show them (width and height against layout shift). */
      pictures: (paths: string[]) => cache.uncached([cacheTags.media], () => picturesOf(paths)),
      /** Uploaded videos' processing: the page is kept under the library's tag, dropped when a video's state changes. */
      videos: (paths: string[]) => cache.uncached([cacheTags.media], () => videosOf(paths)),
      /**
       * Of these site paths, the uploaded files that are not stored (removed, or
       * never there): a page shows the next logo in its chain instead of a broken
       * image, without a script in the page to notice the failure.
       */
      missingUploads: (urls: readonly string[]): Promise<Set<string>> =>
        cache.uncached([cacheTags.media], async () => {
          const missing = new Set<string>();
          for (const url of new Set(urls)) if (url && (await storage.storedAt(url)) === false) missing.add(url);
          return missing;
        }),
    },

    async upload(received: ReceivedUpload, rules: UploadRules, actor: Actor): Promise<MediaFile> {
      const stored: string[] = [];
      try {
        const detected = detectFileType(await received.file.head(64));
        if (!detected || !(rules.kinds as readonly string[]).includes(detected.kind)) throw new AppError(415, typeRefusal(rules));
        const limit = detected.kind === "image" ? rules.maxImageBytes : rules.maxVideoBytes;
        if (received.file.size > limit) throw new AppError(413, sizeRefusal(limit));

        const now = clock();
        const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
        const name = randomBytes(10).toString("hex");
        const key = `${folder}/${name}.${detected.extension}`;
        let image: Awaited<ReturnType<typeof processImage>> | undefined;
        const variants: StoredVariant[] = [];
        if (detected.kind === "image") {
          image = await processImage(received.file.path, detected.mime);
          await storage.putBuffer(key, image.original);
          stored.push(key);
          for (const variant of image.variants) {
            const variantKey = `${folder}/${name}-${variant.width}w.${variant.format}`;
            await storage.putBuffer(variantKey, variant.content);
            stored.push(variantKey);
            variants.push({ width: variant.width, format: variant.format, key: variantKey });
          }
        } else {
          await storage.putFile(key, received.file);
          stored.push(key);
        }

        return await run(operations.recordUpload, {
          actor,
          input: {
            filename: `${name}.${detected.extension}`,
            original_name: received.originalName,
            file_path: storage.urlOf(key),
            mime_type: detected.mime,
            file_size: image ? image.original.length : received.file.size,
            width: image?.width ?? null,
            height: image?.height ?? null,
            placeholder: image?.placeholder ?? "",
            variants: JSON.stringify(variants),
          },
        });
      } catch (error) {
        // Nothing half-done stays behind: no file without its record.
        for (const key of stored) await storage.remove(key).catch(() => {});
        throw error;
      } finally {
        await received.file.discard();
      }
    },

    async list(): Promise<MediaFile[]> {
      const [rows, refs, counts] = await Promise.all([mediaRepo.list(db), mediaRepo.firstReferences(db, MEDIA_USAGES_LISTED), mediaRepo.referenceCounts(db)]);
      const usages = await namedUsages(db, refs);
      const byMedia = Map.groupBy(usages.keys(), (index) => refs[index]!.media_id);
      return rows.map((row) => toMediaFile(storage, row, (byMedia.get(row.id) ?? []).map((index) => usages[index]!), counts.get(row.id) ?? 0));
    },

    /** The trash: files cleanup moved there, with when each is purged. */
    async listTrash(): Promise<TrashedMediaFile[]> {
      return (await mediaRepo.listTrashed(db)).map((row) => ({
        ...toMediaFile(storage, row, []),
        trashed_at: row.trashed_at!,
        purge_at: new Date(Date.parse(row.trashed_at!) + TRASH_DAYS * DAY_MS).toISOString(),
      }));
    },

    picturesOf,
    videosOf,
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
