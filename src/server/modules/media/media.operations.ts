// The media library's writes (002 §2.8): a stored upload's record, a
// picture's description, the trash (cleanup, restore, the daily purge) and
// deletion. Bytes are written before an upload's record (media.service.ts) and
// removed only after the record is gone for good (afterCommit), so a failure
// leaves an orphan file, never a broken link (decision 024).
import { z } from "zod";
import { mediaAltSchema } from "#contract/media-input.ts";
import { MAX_CLEANUP_FILES, MEDIA_DELETE_MESSAGES, MEDIA_USAGES_LISTED, TRASH_DAYS, type CleanupResult } from "#contract/media.ts";
import type { Db } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { conflict, notFound } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import { access, defineOperation, ownInput, type JobRequest } from "#server/lib/operations.ts";
import { mediaFileWithUsages, nameOf, requireMediaRow, toMediaFile, variantsOf } from "./media-files.ts";
import { namedUsages } from "./media-usage.ts";
import { mediaRepo, type MediaRow } from "./media.repo.ts";

// At most MAX_CLEANUP_FILES addresses come back in `files` (they fit the API's body limit many times over).
const cleanupSchema = z
  .object({
    delete: z.boolean({ error: "是否移到回收桶只能選「是」或「否」" }).default(false),
    // The files a preview (a dry run) listed, sent back with delete: only those are moved (decision 042).
    files: z
      .array(z.string({ error: "要清理的檔案必須是檔案網址" }).max(500, "要清理的檔案網址太長了"), { error: "要清理的檔案必須是檔案網址的清單" })
      .max(MAX_CLEANUP_FILES, `一次最多清理 ${MAX_CLEANUP_FILES} 個檔案`)
      .optional(),
  })
  .default({ delete: false });

/** The daily job that purges files trashed more than TRASH_DAYS days ago. */
export const PURGE_TRASH = "media.purge-trash";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next purge time after `now`: 03:00 in Taiwan (19:00 UTC), when nobody is editing. */
export function nextPurgeAt(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 19));
  return next > now ? next : new Date(next.getTime() + DAY_MS);
}

/**
 * One purge job per day, keyed by its date: enqueuing it again that day (a
 * second cleanup) replaces the pending one instead of adding another. A run
 * schedules the day after its own date (`after`), never its own key, which
 * would replace the job that is running.
 */
function purgeJob(after: Date): JobRequest {
  const runAt = nextPurgeAt(after);
  return { kind: PURGE_TRASH, payload: { run_at: runAt.toISOString() }, options: { runAt, key: `${PURGE_TRASH}:${runAt.toISOString().slice(0, 10)}` } };
}

/** The job that makes an uploaded video playable everywhere, with its poster (video-processing.ts). */
export const PROCESS_VIDEO = "media.process-video";
/** FFmpeg's own failures are final at once; a storage or start-up failure is tried this many times. */
export const PROCESS_VIDEO_ATTEMPTS = 3;

/** What a video job records: its poster, its progress, and how it ended. */
export type VideoUpdate =
  | { poster_path: string }
  | { progress: number }
  | { status: "ready"; playable_path: string }
  | { status: "error"; error: string };

/** An upload whose bytes (and variants) are stored: its record. */
export interface StoredUpload {
  filename: string;
  original_name: string;
  file_path: string;
  mime_type: string;
  file_size: number;
  width: number | null;
  height: number | null;
  placeholder: string;
  variants: string;
}

export interface MediaOperationsDeps {
  storage: FileStorage;
  logger: Logger;
  clock?: () => Date;
}

export function createMediaOperations(deps: MediaOperationsDeps) {
  const { storage, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const loadRow = (db: Db, id: unknown) => requireMediaRow(db, id);

  /** A file's bytes, variants, and a video's poster and MP4; called once its record is gone for good. */
  async function removeFiles(rows: readonly MediaRow[]) {
    for (const row of rows) {
      const keys = [
        ...new Set([row.file_path, row.poster_path, row.playable_path].filter(Boolean).map((url) => storage.keyOf(url))),
        ...variantsOf(row).map((variant) => variant.key),
      ].filter((key): key is string => Boolean(key));
      try {
        for (const key of keys) await storage.remove(key);
      } catch (error) {
        logger.error({ err: error, file: row.file_path }, "a deleted file's bytes could not be removed");
      }
    }
  }

  /** The refusal of deleting a file in use, naming where (the first MEDIA_USAGES_LISTED places, and how many in all). */
  async function inUse(db: Db, id: number) {
    const references = await mediaRepo.referencesOf(db, id);
    const named = await namedUsages(db, references.slice(0, MEDIA_USAGES_LISTED));
    const more = references.length > named.length ? ` 等 ${references.length} 處` : "";
    return conflict(`此檔案正在使用中，無法刪除：${named.map((usage) => usage.label).join("、")}${more}`);
  }

  return {
    recordUpload: defineOperation({
      name: "media.upload",
      input: ownInput<StoredUpload>(),
      access: access.administrators,
      async run({ tx, input }) {
        const timestamp = clock().toISOString();
        // Every video is processed, an MP4 too: at least its poster is made (decision 029).
        const video = input.mime_type.startsWith("video/") ? { video_status: "processing" } : {};
        const { id } = await mediaRepo.insert(tx.db, { ...input, ...video, created_at: timestamp, updated_at: timestamp });
        return toMediaFile(storage, (await mediaRepo.findById(tx.db, id))!, []);
      },
      effects: {
        activity: ({ input, result }) => ({ entityType: "media", entityId: result.id, summary: `上傳檔案「${input.original_name || input.filename.replace(/\.[^.]+$/, "")}」` }),
        jobs: ({ result }) =>
          result.video.status === "processing"
            ? [{ kind: PROCESS_VIDEO, payload: { media_id: result.id }, options: { maxAttempts: PROCESS_VIDEO_ATTEMPTS, key: `${PROCESS_VIDEO}:${result.id}` } }]
            : [],
      },
    }),

    /**
     * What the video job found or made. Answers false when the file is gone or
     * no longer processing (a repeated run): the caller then removes what it made.
     */
    recordVideo: defineOperation({
      name: "media.video",
      input: ownInput<VideoUpdate>(),
      load: loadRow,
      access: access.system,
      async run({ tx, input, record }) {
        const stamp = { updated_at: clock().toISOString() };
        const changes =
          "poster_path" in input
            ? { poster_path: input.poster_path }
            : "progress" in input
              ? { video_progress: input.progress }
              : input.status === "ready"
                ? { video_status: "ready", video_progress: null, playable_path: input.playable_path }
                : { video_status: "error", video_progress: null, video_error: input.error };
        return (await mediaRepo.updateVideo(tx.db, record.id, { ...changes, ...stamp })) > 0;
      },
      effects: {
        activity: ({ input, record, result }) =>
          !result || !("status" in input)
            ? null
            : {
                entityType: "media",
                entityId: record.id,
                summary: input.status === "ready" ? `影片「${nameOf(record)}」已可在網站播放` : `影片「${nameOf(record)}」無法使用：${input.error}`,
              },
        // The poster and the end change what the carousel shows; progress only the banners screen (not cached).
        invalidates: ({ input, result }) => (result && !("progress" in input) ? [cacheTags.media] : []),
      },
    }),

    /** The description pages show as the picture's alt text. */
    updateAlt: defineOperation({
      name: "media.update",
      input: mediaAltSchema,
      load: loadRow,
      access: access.administrators,
      async run({ tx, input, record }) {
        await mediaRepo.updateAlt(tx.db, record.id, input.alt_text, clock().toISOString());
        return mediaFileWithUsages(tx.db, storage, record.id);
      },
      effects: {
        activity: ({ record }) => ({ entityType: "media", entityId: record.id, summary: `更新檔案「${nameOf(record)}」的替代文字` }),
        invalidates: [cacheTags.media],
      },
    }),

    /** Puts a trashed file back in the library. */
    restore: defineOperation({
      name: "media.restore",
      load: loadRow,
      access: access.administrators,
      async run({ tx, record }) {
        const { numUpdatedRows } = await mediaRepo.restore(tx.db, record.id);
        if (Number(numUpdatedRows) === 0) throw notFound("回收桶中找不到這個檔案");
        return mediaFileWithUsages(tx.db, storage, record.id);
      },
      effects: {
        activity: ({ record }) => ({ entityType: "media", entityId: record.id, summary: `從回收桶還原檔案「${nameOf(record)}」` }),
      },
    }),

    /**
     * DELETE /admin-api.php/media/{id}: a library file goes to the trash (restorable for
     * TRASH_DAYS days, like cleanup's); a file already there is deleted for good (永久刪除).
     * Refused while anything uses it.
     */
    remove: defineOperation({
      name: "media.delete",
      load: loadRow,
      access: access.administrators,
      async run({ tx, record }): Promise<"trashed" | "deleted"> {
        if (!record.trashed_at) {
          // Decided and moved in one statement, then re-checked, as cleanup does: a page saved a moment ago may have just started using it.
          const trashed = await mediaRepo.trashUnreferenced(tx.db, clock().toISOString(), { ids: [record.id] });
          const kept = await mediaRepo.untrashReferenced(tx.db, trashed);
          if (trashed.length > 0 && kept.length === 0) return "trashed";
          // Not moved: something uses it, or someone else moved it a moment ago.
          if ((await mediaRepo.referencesOf(tx.db, record.id)).length === 0) throw conflict(MEDIA_DELETE_MESSAGES.alreadyTrashed);
          throw await inUse(tx.db, record.id);
        }
        if ((await mediaRepo.referencesOf(tx.db, record.id)).length > 0) throw await inUse(tx.db, record.id);
        await mediaRepo.remove(tx.db, record.id);
        // The record is gone for good before its bytes are: a failure then leaves an orphan file, never a broken link.
        tx.afterCommit(() => removeFiles([record]));
        return "deleted";
      },
      effects: {
        activity: ({ record, result }) => ({
          entityType: "media",
          entityId: record.id,
          summary: result === "trashed" ? `將檔案「${nameOf(record)}」移到回收桶（${TRASH_DAYS} 天內可還原）` : `永久刪除回收桶中的檔案「${nameOf(record)}」`,
        }),
        jobs: ({ result }) => (result === "trashed" ? [purgeJob(clock())] : []),
      },
    }),

    /**
     * Finds the library files nothing uses; with delete, moves them to the trash.
     * Deciding and moving are one transaction (one statement, then a re-check):
     * a page saved meanwhile that starts using a file keeps it. With `files`
     * (what the screen's preview listed) only those are considered, so what is
     * moved is never more than what the person saw.
     */
    cleanup: defineOperation({
      name: "media.cleanup",
      input: cleanupSchema,
      access: access.administrators,
      async run({ tx, input }): Promise<CleanupResult> {
        const [rows, counts] = await Promise.all([mediaRepo.list(tx.db), mediaRepo.referenceCounts(tx.db)]);
        const used = new Set(counts.keys());
        const listed = input.files ? new Set(input.files) : null;
        let unused = rows.filter((row) => !used.has(row.id) && (!listed || listed.has(row.file_path)));
        let moved: typeof rows = [];
        if (input.delete) {
          const trashed = await mediaRepo.trashUnreferenced(tx.db, clock().toISOString(), listed ? { paths: [...listed] } : undefined);
          const kept = new Set(await mediaRepo.untrashReferenced(tx.db, trashed));
          const movedIds = new Set(trashed.filter((id) => !kept.has(id)));
          moved = rows.filter((row) => movedIds.has(row.id));
          unused = moved;
        }
        // A preview's list is what the screen offers to move: never more than a move takes, the rest counted.
        const shown = input.delete ? unused : unused.slice(0, MAX_CLEANUP_FILES);
        return {
          deleted_count: moved.length,
          unused_count: unused.length,
          total_files_before: rows.length,
          total_files_after: rows.length - moved.length,
          error_count: 0,
          deleted_files: moved.map((row) => row.file_path),
          unused_files: shown.map((row) => row.file_path),
          unused_more_count: unused.length - shown.length,
          errors: [],
        };
      },
      effects: {
        activity: ({ result }) =>
          result.deleted_count > 0 ? { entityType: "media", summary: `清理未使用的檔案：${result.deleted_count} 個移到回收桶（${TRASH_DAYS} 天內可還原）` } : null,
        jobs: ({ result }) => (result.deleted_count > 0 ? [purgeJob(clock())] : []),
      },
    }),

    /**
     * The daily job: deletes the files trashed more than TRASH_DAYS days ago (the
     * rows first; their bytes and variants after commit), and schedules
     * tomorrow's run while the trash holds anything.
     */
    purgeTrash: defineOperation({
      name: "media.purge",
      input: ownInput<{ run_at?: string } | null | undefined>(),
      access: access.system,
      async run({ tx, input }) {
        const now = clock();
        const scheduled = input?.run_at ? Date.parse(input.run_at) : Number.NaN;
        const after = new Date(Math.max(now.getTime(), Number.isNaN(scheduled) ? 0 : scheduled));
        const purged = await mediaRepo.purgeTrashedBefore(tx.db, new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString());
        tx.afterCommit(() => removeFiles(purged));
        return { purged: purged.length, stillTrashed: (await mediaRepo.trashedCount(tx.db)) > 0, after };
      },
      effects: {
        activity: ({ result }) => (result.purged > 0 ? { entityType: "media", summary: `永久刪除回收桶中超過 ${TRASH_DAYS} 天的檔案（${result.purged} 個）` } : null),
        jobs: ({ result }) => (result.stillTrashed ? [purgeJob(result.after)] : []),
      },
    }),
  };
}

export type MediaOperations = ReturnType<typeof createMediaOperations>;
