// The picker's selection (002 §2.9): one file or several, kept as ids
// in the order they were chosen, so a gallery receives its photos in that order.
import type { MediaFile } from "#contract/media.ts";

/** Clicking a file: in single mode it becomes the only choice (or is dropped); in multiple mode it is added or removed. */
export function toggleSelection(selected: readonly number[], id: number, multiple: boolean): number[] {
  if (selected.includes(id)) return selected.filter((chosen) => chosen !== id);
  return multiple ? [...selected, id] : [id];
}

/** A file just uploaded inside the picker is chosen for the user. */
export function addToSelection(selected: readonly number[], id: number, multiple: boolean): number[] {
  if (!multiple) return [id];
  return selected.includes(id) ? [...selected] : [...selected, id];
}

/** The chosen files in the order chosen; ids no longer in the list (deleted elsewhere) are left out. */
export function selectedFiles(files: readonly MediaFile[], selected: readonly number[]): MediaFile[] {
  const byId = new Map(files.map((file) => [file.id, file]));
  return selected.flatMap((id) => {
    const file = byId.get(id);
    return file ? [file] : [];
  });
}

export const selectionLabel = (count: number) => `已選擇 ${count} 個檔案`;
