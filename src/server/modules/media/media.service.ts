// The media library: uploads (type by bytes, size per place, images through
// the pipeline), listing with where each file is used, alt text, deletion that
// refuses files in use, and cleanup of unused files.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { MB, type CleanupResult, type MediaFile, type MediaUsage, type MediaVariant, type ResponsivePicture, UPLOAD_RULES } from "#contract/media.ts";
import type { Db } from "#server/db/database.ts";
import type { FileStorage, ScratchFile } from "#server/integrations/storage.ts";
import { AppError, conflict, notFound } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { detectFileType } from "./file-type.ts";
import { processImage } from "./image-pipeline.ts";
import { mediaRepo, type MediaRow } from "./media.repo.ts";
import { usageLabel } from "./media-usage.ts";

export type UploadRules = (typeof UPLOAD_RULES)[keyof typeof UPLOAD_RULES];

export interface ReceivedUpload {
  file: ScratchFile;
  originalName: string;
}

type StoredVariant = { width: number; format: "webp" | "avif"; key: string };

const idSchema = z.object({ id: z.coerce.number({ error: "檔案編號不正確" }).int("檔案編號不正確").positive("檔案編號不正確").max(2_147_483_647, "檔案編號不正確") });
const altSchema = z.object({ alt_text: z.string({ error: "替代文字必須是文字" }).trim().max(300, "替代文字不能超過 300 個字元") });
const cleanupSchema = z.object({ delete: z.boolean({ error: "delete 必須是 true 或 false" }).default(false) }).default({ delete: false });

export const typeRefusal = (rules: UploadRules) =>
  rules.kinds.length === 1 ? "請選擇圖片檔案（JPG、PNG、GIF、WebP 或 AVIF）" : "不支援的檔案格式，僅支援 JPG、PNG、GIF、WebP、AVIF 圖片及 MP4、WebM 影片";
export const sizeRefusal = (bytes: number) => `檔案大小不能超過 ${Math.round(bytes / MB)}MB`;

/** The name the visitor's computer gave the file, kept only as data. */
export function cleanOriginalName(name: string | undefined): string {
  const base = path.posix.basename(String(name ?? "").replace(/\\/g, "/"));
  return base.replace(/[\u0000-\u001f<>]/g, "").trim().slice(0, 200);
}

export interface MediaDeps {
  db: Db;
  storage: FileStorage;
  write: WriteRunner;
  activity: ActivityService;
  logger: Logger;
  clock?: () => Date;
}

export function createMediaService(deps: MediaDeps) {
  const { db, storage, write, activity, logger } = deps;
  const clock = deps.clock ?? (() => new Date());

  const variantsOf = (row: Pick<MediaRow, "variants">): StoredVariant[] => {
    try {
      return JSON.parse(row.variants) as StoredVariant[];
    } catch {
      return [];
    }
  };

  const toMediaFile = (row: MediaRow, usages: MediaUsage[]): MediaFile => ({
    id: row.id,
    filename: row.filename,
    original_name: row.original_name,
    file_path: row.file_path,
    file_url: row.file_path,
    file_size: row.file_size,
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    alt_text: row.alt_text,
    placeholder: row.placeholder,
    variants: variantsOf(row).map((variant): MediaVariant => ({ width: variant.width, format: variant.format, url: storage.urlOf(variant.key) })),
    usages,
    created_at: row.created_at,
  });

  const usagesOf = (refs: Array<{ owner_type: string; owner_id: string; field: string }>): MediaUsage[] =>
    refs.map((ref) => ({ owner_type: ref.owner_type, owner_id: ref.owner_id, field: ref.field, label: usageLabel(ref.owner_type, ref.owner_id, ref.field) }));

  async function removeFiles(row: MediaRow) {
    const keys = [storage.keyOf(row.file_path), ...variantsOf(row).map((variant) => variant.key)].filter((key): key is string => Boolean(key));
    for (const key of keys) await storage.remove(key);
  }

  async function findRow(idInput: unknown) {
    const { id } = parseInput(idSchema, { id: idInput });
    const row = await mediaRepo.findById(db, id);
    if (!row) throw notFound("找不到這個檔案");
    return row;
  }

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

  return {
    site: {
      /** Sizes and srcsets of uploaded images, for pages that show them (width and height against layout shift). */
      pictures: picturesOf,
      /**
       * Of these site paths, the uploaded files that are not stored (removed, or
       * never there): a page shows the next logo in its chain instead of a broken
       * image, without a script in the page to notice the failure.
       */
      async missingUploads(urls: readonly string[]): Promise<Set<string>> {
        const missing = new Set<string>();
        for (const url of new Set(urls)) if (url && (await storage.storedAt(url)) === false) missing.add(url);
        return missing;
      },
    },

    async upload(received: ReceivedUpload, rules: UploadRules, adminId: number): Promise<MediaFile> {
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

        const timestamp = now.toISOString();
        const id = await write(async (tx) => {
          const { id } = await mediaRepo.insert(tx.db, {
            filename: `${name}.${detected.extension}`,
            original_name: received.originalName,
            file_path: storage.urlOf(key),
            mime_type: detected.mime,
            file_size: image ? image.original.length : received.file.size,
            width: image?.width ?? null,
            height: image?.height ?? null,
            placeholder: image?.placeholder ?? "",
            variants: JSON.stringify(variants),
            created_at: timestamp,
            updated_at: timestamp,
          });
          await activity.record(tx.db, { adminId, action: "media.upload", entityType: "media", entityId: id, summary: `上傳檔案「${received.originalName || name}」` });
          return id;
        });
        return toMediaFile((await mediaRepo.findById(db, id))!, []);
      } catch (error) {
        // Nothing half-done stays behind: no file without its record.
        for (const key of stored) await storage.remove(key).catch(() => {});
        throw error;
      } finally {
        await received.file.discard();
      }
    },

    async list(): Promise<MediaFile[]> {
      const [rows, refs] = await Promise.all([mediaRepo.list(db), mediaRepo.allReferences(db)]);
      const byMedia = Map.groupBy(refs, (ref) => ref.media_id);
      return rows.map((row) => toMediaFile(row, usagesOf(byMedia.get(row.id) ?? [])));
    },

    async updateAlt(idInput: unknown, input: unknown): Promise<MediaFile> {
      const row = await findRow(idInput);
      const { alt_text } = parseInput(altSchema, input);
      await mediaRepo.updateAlt(db, row.id, alt_text, clock().toISOString());
      return toMediaFile((await mediaRepo.findById(db, row.id))!, usagesOf(await mediaRepo.referencesOf(db, row.id)));
    },

    async remove(idInput: unknown, adminId: number): Promise<void> {
      const row = await findRow(idInput);
      await write(async (tx) => {
        // Checked in the deleting transaction: a page saved a moment ago may have just started using it.
        const usages = usagesOf(await mediaRepo.referencesOf(tx.db, row.id));
        if (usages.length > 0) throw conflict(`此檔案正在使用中，無法刪除：${usages.map((usage) => usage.label).join("、")}`);
        await mediaRepo.remove(tx.db, row.id);
        await activity.record(tx.db, { adminId, action: "media.delete", entityType: "media", entityId: row.id, summary: `刪除檔案「${row.original_name || row.filename}」` });
      });
      // The record is gone for good before its bytes are: a failure here leaves an orphan file, never a broken link.
      await removeFiles(row);
    },

    async cleanup(input: unknown, adminId: number): Promise<CleanupResult> {
      const { delete: shouldDelete } = parseInput(cleanupSchema, input ?? {});
      const [rows, refs] = await Promise.all([mediaRepo.list(db), mediaRepo.allReferences(db)]);
      const used = new Set(refs.map((ref) => ref.media_id));
      const unused = rows.filter((row) => !used.has(row.id));
      const deleted: string[] = [];
      const errors: string[] = [];
      if (shouldDelete) {
        for (const row of unused) {
          try {
            await mediaRepo.remove(db, row.id);
            await removeFiles(row);
            deleted.push(row.file_path);
          } catch (error) {
            logger.error({ err: error, file: row.file_path }, "cleanup could not delete a file");
            errors.push(row.file_path);
          }
        }
        if (deleted.length > 0) {
          await write((tx) => activity.record(tx.db, { adminId, action: "media.cleanup", entityType: "media", summary: `清理未使用的檔案（${deleted.length} 個）` }));
        }
      }
      return {
        deleted_count: deleted.length,
        unused_count: unused.length,
        total_files_before: rows.length,
        total_files_after: rows.length - deleted.length,
        error_count: errors.length,
        deleted_files: deleted,
        unused_files: unused.map((row) => row.file_path),
        errors,
      };
    },

    /**
     * Records which files an owner shows (fields map to the URLs stored in them),
     * with `handle`, the transaction of the owner's own write.
     */
    async syncReferences(handle: Db, owner: { type: string; id: string }, fields: Record<string, string[]>): Promise<void> {
      const wanted = Object.entries(fields).flatMap(([field, urls]) => urls.filter(Boolean).map((url) => ({ field, url })));
      const found = await mediaRepo.findByPaths(handle, [...new Set(wanted.map((entry) => entry.url))]);
      const idByPath = new Map(found.map((row) => [row.file_path, row.id]));
      const rows = wanted.flatMap((entry) => (idByPath.has(entry.url) ? [{ media_id: idByPath.get(entry.url)!, field: entry.field }] : []));
      await mediaRepo.replaceReferences(handle, owner, rows, clock().toISOString());
    },

    picturesOf,
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
