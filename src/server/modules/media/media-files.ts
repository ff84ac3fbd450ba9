// How a stored media row is shown: its variants' addresses, the name staff
// gave it, and where it is used, in words. Shared by the library's reads and
// its operations.
import { MEDIA_USAGES_LISTED, NO_VIDEO_PROCESSING, VIDEO_STATUSES, type MediaFile, type MediaUsage, type MediaVariant, type VideoProcessing, type VideoStatus } from "#contract/media.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { requireById } from "#server/lib/entity-input.ts";
import { mediaRepo, type MediaRow } from "./media.repo.ts";
import { namedUsages } from "./media-usage.ts";

export type StoredVariant = { width: number; format: "webp" | "avif"; key: string };

export function variantsOf(row: Pick<MediaRow, "variants">): StoredVariant[] {
  try {
    return JSON.parse(row.variants) as StoredVariant[];
  } catch {
    return [];
  }
}

/** The name staff know a file by. */
export const nameOf = (row: Pick<MediaRow, "original_name" | "filename">) => row.original_name || row.filename;

/** The columns a video's processing is read from (a media row, or a banner joined to its video's row). */
export interface VideoColumns {
  file_path: string;
  mime_type: string;
  video_status: string;
  video_progress: number | null;
  video_error: string;
  poster_path: string;
  playable_path: string;
}

/** A video's processing as pages and screens see it; "none" for other files. */
export function videoProcessingOf(row: VideoColumns): VideoProcessing {
  if (!row.mime_type.startsWith("video/")) return NO_VIDEO_PROCESSING;
  const status: VideoStatus = (VIDEO_STATUSES as readonly string[]).includes(row.video_status) && row.video_status !== "none" ? (row.video_status as VideoStatus) : "ready";
  return {
    status,
    progress: status === "processing" && row.video_progress !== null ? Number(row.video_progress) : null,
    error: status === "error" ? row.video_error : "",
    poster_url: row.poster_path,
    play_url: status === "ready" ? row.playable_path || row.file_path : "",
  };
}

export function toMediaFile(storage: Pick<FileStorage, "urlOf">, row: MediaRow, usages: MediaUsage[], usageCount = usages.length): MediaFile {
  return {
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
    usage_count: usageCount,
    created_at: row.created_at,
    video: videoProcessingOf(row),
  };
}

/** A library file (or one in the trash) by the id its address names; 404 when there is none. */
export async function requireMediaRow(db: ReadDb, id: unknown): Promise<MediaRow> {
  const row = await requireById(id, (found) => mediaRepo.findById(db, found), "找不到這個檔案");
  return row;
}

/** A file as the library shows it, with where it is used, read with `db`. */
export async function mediaFileWithUsages(db: ReadDb, storage: Pick<FileStorage, "urlOf">, id: number): Promise<MediaFile> {
  const references = await mediaRepo.referencesOf(db, id);
  return toMediaFile(storage, (await mediaRepo.findById(db, id))!, await namedUsages(db, references.slice(0, MEDIA_USAGES_LISTED)), references.length);
}
