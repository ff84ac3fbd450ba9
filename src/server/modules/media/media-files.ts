// How a stored media row is shown: its variants' addresses, the name staff
// gave it, and where it is used, in words. Shared by the library's reads and
// its operations.
import type { MediaFile, MediaUsage, MediaVariant } from "#contract/media.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { requireById } from "#server/lib/entity-input.ts";
import { mediaRepo, type MediaRow } from "./media.repo.ts";
import { usageLabel } from "./media-usage.ts";

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

export const usagesOf = (refs: Array<{ owner_type: string; owner_id: string; field: string }>): MediaUsage[] =>
  refs.map((ref) => ({ owner_type: ref.owner_type, owner_id: ref.owner_id, field: ref.field, label: usageLabel(ref.owner_type, ref.owner_id, ref.field) }));

export function toMediaFile(storage: Pick<FileStorage, "urlOf">, row: MediaRow, usages: MediaUsage[]): MediaFile {
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
    created_at: row.created_at,
  };
}

/** A library file (or one in the trash) by the id its address names; 404 when there is none. */
export async function requireMediaRow(db: ReadDb, id: unknown): Promise<MediaRow> {
  const row = await requireById(id, (found) => mediaRepo.findById(db, found), "找不到這個檔案");
  return row;
}

/** A file as the library shows it, with where it is used, read with `db`. */
export async function mediaFileWithUsages(db: ReadDb, storage: Pick<FileStorage, "urlOf">, id: number): Promise<MediaFile> {
  return toMediaFile(storage, (await mediaRepo.findById(db, id))!, usagesOf(await mediaRepo.referencesOf(db, id)));
}
