// The job that makes an uploaded video playable in every browser (decision
// 029): the stored file is copied to a private temporary folder, read by
// FFmpeg, given a WebP poster (about a second in) that the carousel shows at
// once, and, unless it already is an H.264 / AAC MP4 of at most 1080p,
// transcoded to one; the results go back through the storage interface and
// the file's record says how it went (media.operations.ts, recordVideo).
// A file FFmpeg cannot read ends as an error in words at once (trying again
// would not help); a storage or start-up failure is retried by the queue.
// The job may run twice (at-least-once delivery): the keys it writes are fixed
// per file, and the record changes only while the file is still processing.
// Handed back at shutdown, it stops FFmpeg and marks nothing as failed: the
// file stays processing for the runner that takes the job next.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { VIDEO_MESSAGES } from "#contract/media.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { playsEverywhere, posterFrame, probeVideo, transcodeToMp4, UnreadableVideoError, VideoTimeLimitError } from "#server/integrations/video/ffmpeg.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import { AppError } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { systemActor } from "#server/lib/operations.ts";
import { PROCESS_VIDEO, PROCESS_VIDEO_ATTEMPTS, type MediaOperations, type VideoUpdate } from "./media.operations.ts";
import { mediaRepo } from "./media.repo.ts";

export interface VideoJobsDeps {
  jobs: Pick<JobQueue, "register">;
  run: RunOperation;
  operations: Pick<MediaOperations, "recordVideo">;
  storage: FileStorage;
  logger: Logger;
}

/** Progress is written at most this often, so that a long transcode does not become a stream of writes. */
const PROGRESS_EVERY_MS = 2_000;

/** The keys a video's poster and MP4 are stored under, beside the upload. */
export function renditionKeys(key: string) {
  const base = key.replace(/\.[^.]+$/, "");
  return { poster: `${base}-poster.webp`, mp4: `${base}-web.mp4` };
}

export function registerVideoJobs(deps: VideoJobsDeps) {
  const { jobs, run, operations, storage, logger } = deps;

  /** False when the file is gone or no longer processing. */
  const record = async (mediaId: number, update: VideoUpdate): Promise<boolean> => {
    try {
      return await run(operations.recordVideo, { actor: systemActor(PROCESS_VIDEO), id: mediaId, input: update });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return false;
      throw error;
    }
  };

  /** A rendition written by a run whose file was deleted meanwhile is removed; one another run recorded stays. */
  const dropIfOrphaned = async (db: ReadDb, mediaId: number, keys: string[]) => {
    if (await mediaRepo.findById(db, mediaId)) return;
    for (const key of keys) await storage.remove(key).catch(() => undefined);
  };

  jobs.register<{ media_id: number }>(PROCESS_VIDEO, async ({ media_id: mediaId }, context) => {
    const row = await mediaRepo.findById(context.db, mediaId);
    if (!row || row.video_status !== "processing") return;
    const key = storage.keyOf(row.file_path);
    if (!key) {
      await record(mediaId, { status: "error", error: VIDEO_MESSAGES.failed });
      return;
    }
    const keys = renditionKeys(key);
    const { signal } = context;
    const work = await mkdtemp(path.join(tmpdir(), "video-job-"));
    try {
      const input = path.join(work, "input");
      await pipeline(storage.read(key), createWriteStream(input, { flags: "wx" }), { signal });
      const probe = await probeVideo(input, { signal });

      // The poster first: the carousel shows it while the MP4 is being made.
      const poster = path.join(work, "poster.webp");
      await posterFrame(input, poster, probe.durationSeconds, { signal });
      await storage.putBuffer(keys.poster, await readFile(poster));
      if (!(await record(mediaId, { poster_path: storage.urlOf(keys.poster) }))) return dropIfOrphaned(context.db, mediaId, [keys.poster]);

      if (playsEverywhere(probe, row.mime_type)) {
        await record(mediaId, { status: "ready", playable_path: row.file_path });
        return;
      }

      const output = path.join(work, "web.mp4");
      let lastWritten = 0;
      let progressWrites: Promise<unknown> = Promise.resolve();
      await transcodeToMp4(input, output, {
        durationSeconds: probe.durationSeconds,
        signal,
        onProgress: (percent) => {
          const now = Date.now();
          if (now - lastWritten < PROGRESS_EVERY_MS) return;
          lastWritten = now;
          // One write at a time, in order; a failed progress write is only logged: the transcode goes on.
          progressWrites = progressWrites.then(() => record(mediaId, { progress: percent })).catch((error: unknown) => logger.warn({ err: error, mediaId }, "video progress could not be recorded"));
        },
      });
      await progressWrites;
      const scratch = await storage.receive(createReadStream(output));
      try {
        await storage.putFile(keys.mp4, scratch);
      } finally {
        await scratch.discard();
      }
      if (!(await record(mediaId, { status: "ready", playable_path: storage.urlOf(keys.mp4) }))) await dropIfOrphaned(context.db, mediaId, [keys.mp4, keys.poster]);
    } catch (error) {
      // Handed back: another runner processes the file from the start.
      if (context.signal.aborted) throw error;
      if (error instanceof UnreadableVideoError || error instanceof VideoTimeLimitError) {
        logger.warn({ err: error, mediaId }, "an uploaded video could not be processed");
        await record(mediaId, { status: "error", error: error instanceof VideoTimeLimitError ? VIDEO_MESSAGES.tooLong : VIDEO_MESSAGES.unreadable });
        return;
      }
      // Storage or start-up trouble: the queue tries again; after the last try staff see that it failed.
      if (context.attempt >= PROCESS_VIDEO_ATTEMPTS) await record(mediaId, { status: "error", error: VIDEO_MESSAGES.failed });
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}
