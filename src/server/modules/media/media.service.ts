// The media library: uploads (type by bytes, size per place, images through
// the pipeline), listing with where each file is used, alt text, deletion that
// refuses files in use, and cleanup that moves unused files to a 30-day trash
// (restorable; a daily job purges what has been there longer). Content that
// names a trashed file brings it back (decision 024).
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { MB, TRASH_DAYS, type CleanupResult, type MediaFile, type MediaUsage, type MediaVariant, type ResponsivePicture, type TrashedMediaFile, UPLOAD_RULES } from "#contract/media.ts";
import type { Db } from "#server/db/database.ts";
import type { FileStorage, ScratchFile } from "#server/integrations/storage.ts";
import { AppError, conflict, notFound } from "#server/lib/errors.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { Tx, WriteRunner } from "#server/lib/transactions.ts";
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

/** The daily job that purges files trashed more than TRASH_DAYS days ago. */
export const PURGE_TRASH = "media.purge-trash";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next purge time after `now`: 03:00 in Taiwan (19:00 UTC), when nobody is editing. */
export function nextPurgeAt(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 19));
  return next > now ? next : new Date(next.getTime() + DAY_MS);
}

export interface MediaDeps {
  db: Db;
  storage: FileStorage;
  write: WriteRunner;
  activity: ActivityService;
  logger: Logger;
  /** The daily purge of the trash is a job on the runner. */
  jobs: Pick<JobQueue, "register">;
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

  const nameOf = (row: Pick<MediaRow, "original_name" | "filename">) => row.original_name || row.filename;

  /**
   * One purge job per day, keyed by its date: enqueuing it again that day (a
   * second cleanup) replaces the pending one instead of adding another. A run
   * schedules the day after its own date (`after`), never its own key, which
   * would replace the job that is running.
   */
  const schedulePurge = (tx: Tx, after: Date = clock()) => {
    const runAt = nextPurgeAt(after);
    return tx.enqueue(PURGE_TRASH, { run_at: runAt.toISOString() }, { runAt, key: `${PURGE_TRASH}:${runAt.toISOString().slice(0, 10)}` });
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

  const service = {
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

    /** The description pages show as the picture's alt text: saved with its activity row, and cached pages dropped. */
    async updateAlt(idInput: unknown, input: unknown, adminId: number): Promise<MediaFile> {
      const row = await findRow(idInput);
      const { alt_text } = parseInput(altSchema, input);
      await write(async (tx) => {
        await mediaRepo.updateAlt(tx.db, row.id, alt_text, clock().toISOString());
        await activity.record(tx.db, { adminId, action: "media.update", entityType: "media", entityId: row.id, summary: `更新檔案「${nameOf(row)}」的替代文字` });
        tx.invalidatePublicCache();
      });
      return toMediaFile((await mediaRepo.findById(db, row.id))!, usagesOf(await mediaRepo.referencesOf(db, row.id)));
    },

    /** The trash: files cleanup moved there, with when each is purged. */
    async listTrash(): Promise<TrashedMediaFile[]> {
      return (await mediaRepo.listTrashed(db)).map((row) => ({
        ...toMediaFile(row, []),
        trashed_at: row.trashed_at!,
        purge_at: new Date(Date.parse(row.trashed_at!) + TRASH_DAYS * DAY_MS).toISOString(),
      }));
    },

    /** Puts a trashed file back in the library. */
    async restore(idInput: unknown, adminId: number): Promise<MediaFile> {
      const row = await findRow(idInput);
      await write(async (tx) => {
        const { numUpdatedRows } = await mediaRepo.restore(tx.db, row.id);
        if (Number(numUpdatedRows) === 0) throw notFound("回收桶中找不到這個檔案");
        await activity.record(tx.db, { adminId, action: "media.restore", entityType: "media", entityId: row.id, summary: `從回收桶還原檔案「${nameOf(row)}」` });
      });
      return toMediaFile((await mediaRepo.findById(db, row.id))!, usagesOf(await mediaRepo.referencesOf(db, row.id)));
    },

    /** Deletes a file for good, from the library or from the trash (永久刪除). */
    async remove(idInput: unknown, adminId: number): Promise<void> {
      const row = await findRow(idInput);
      await write(async (tx) => {
        // Checked in the deleting transaction: a page saved a moment ago may have just started using it.
        const usages = usagesOf(await mediaRepo.referencesOf(tx.db, row.id));
        if (usages.length > 0) throw conflict(`此檔案正在使用中，無法刪除：${usages.map((usage) => usage.label).join("、")}`);
        await mediaRepo.remove(tx.db, row.id);
        const summary = row.trashed_at ? `永久刪除回收桶中的檔案「${nameOf(row)}」` : `刪除檔案「${nameOf(row)}」`;
        await activity.record(tx.db, { adminId, action: "media.delete", entityType: "media", entityId: row.id, summary });
      });
      // The record is gone for good before its bytes are: a failure here leaves an orphan file, never a broken link.
      await removeFiles(row);
    },

    /**
     * Finds the library files nothing uses; with delete, moves them to the trash.
     * Deciding and moving are one transaction (one statement, then a re-check):
     * a page saved meanwhile that starts using a file keeps it.
     */
    async cleanup(input: unknown, adminId: number): Promise<CleanupResult> {
      const { delete: shouldDelete } = parseInput(cleanupSchema, input ?? {});
      return write(async (tx) => {
        const [rows, refs] = await Promise.all([mediaRepo.list(tx.db), mediaRepo.allReferences(tx.db)]);
        const used = new Set(refs.map((ref) => ref.media_id));
        let unused = rows.filter((row) => !used.has(row.id));
        let moved: typeof rows = [];
        if (shouldDelete) {
          const trashed = await mediaRepo.trashUnreferenced(tx.db, clock().toISOString());
          const kept = new Set(await mediaRepo.untrashReferenced(tx.db, trashed));
          const movedIds = new Set(trashed.filter((id) => !kept.has(id)));
          moved = rows.filter((row) => movedIds.has(row.id));
          unused = moved;
          if (moved.length > 0) {
            await activity.record(tx.db, { adminId, action: "media.cleanup", entityType: "media", summary: `清理未使用的檔案：${moved.length} 個移到回收桶（${TRASH_DAYS} 天內可還原）` });
            await schedulePurge(tx);
          }
        }
        return {
          deleted_count: moved.length,
          unused_count: unused.length,
          total_files_before: rows.length,
          total_files_after: rows.length - moved.length,
          error_count: 0,
          deleted_files: moved.map((row) => row.file_path),
          unused_files: unused.map((row) => row.file_path),
          errors: [],
        };
      });
    },

    /**
     * The daily job: deletes the files trashed more than TRASH_DAYS days ago (the
     * rows first, in one transaction; their bytes and variants after commit, so a
     * failure leaves an orphan file, never a broken link), and schedules
     * tomorrow's run while the trash holds anything.
     */
    async purgeTrash(scheduledFor?: string): Promise<number> {
      const now = clock();
      const scheduled = scheduledFor ? Date.parse(scheduledFor) : Number.NaN;
      const after = new Date(Math.max(now.getTime(), Number.isNaN(scheduled) ? 0 : scheduled));
      const purged = await write(async (tx) => {
        const rows = await mediaRepo.purgeTrashedBefore(tx.db, new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString());
        if (rows.length > 0) {
          await activity.record(tx.db, { adminId: null, action: "media.purge", entityType: "media", summary: `永久刪除回收桶中超過 ${TRASH_DAYS} 天的檔案（${rows.length} 個）` });
        }
        if ((await mediaRepo.trashedCount(tx.db)) > 0) await schedulePurge(tx, after);
        return rows;
      });
      for (const row of purged) {
        try {
          await removeFiles(row);
        } catch (error) {
          logger.error({ err: error, file: row.file_path }, "the trash purge could not remove a file's bytes");
        }
      }
      return purged.length;
    },

    /**
     * Records which files an owner shows (fields map to the URLs stored in them),
     * with `handle`, the transaction of the owner's own write.
     */
    async syncReferences(handle: Db, owner: { type: string; id: string }, fields: Record<string, string[]>): Promise<void> {
      // An absolute address of one of our files (https://site/uploads/…) counts as the file's own path.
      const pathOf = (url: string) => {
        const key = storage.keyOf(url);
        return key ? storage.urlOf(key) : url;
      };
      const wanted = Object.entries(fields).flatMap(([field, urls]) => urls.filter(Boolean).map((url) => ({ field, url: pathOf(url) })));
      const found = await mediaRepo.findByPaths(handle, [...new Set(wanted.map((entry) => entry.url))]);
      const idByPath = new Map(found.map((row) => [row.file_path, row.id]));
      const rows = wanted.flatMap((entry) => (idByPath.has(entry.url) ? [{ media_id: idByPath.get(entry.url)!, field: entry.field }] : []));
      // A file in the trash that content names again (its address pasted) comes back: its bytes never moved.
      const referenced = found.filter((row) => rows.some((entry) => entry.media_id === row.id));
      await mediaRepo.holdReferenced(handle, referenced.map((row) => row.id));
      for (const row of referenced.filter((file) => file.trashed_at)) {
        await activity.record(handle, { adminId: null, action: "media.restore", entityType: "media", entityId: row.id, summary: `檔案「${nameOf(row)}」再次被內容使用，已從回收桶還原` });
      }
      await mediaRepo.replaceReferences(handle, owner, rows, clock().toISOString());
    },

    picturesOf,
  };

  deps.jobs.register<{ run_at?: string }>(PURGE_TRASH, async (payload) => {
    await service.purgeTrash(payload?.run_at);
  });
  return service;
}

export type MediaService = ReturnType<typeof createMediaService>;
