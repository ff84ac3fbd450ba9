// What the library's delete and cleanup say before they act (decision 042),
// free of React: where a file is used, in the words the library already has,
// and which files a cleanup's preview will move, matched to the library's
// records for their names and thumbnails.
import { MAX_CLEANUP_FILES, TRASH_DAYS, type MediaFile } from "#contract/media.ts";

/** Where a file is used, one line per place, and how many more when the list holds only the first few. */
export function usageLines(file: Pick<MediaFile, "usages" | "usage_count">): string[] {
  const lines = file.usages.map((usage) => usage.label);
  const more = file.usage_count - file.usages.length;
  return more > 0 ? [...lines, `以及另外 ${more} 處`] : lines;
}

/** Something shows the file (usage_count counts every place, usages names the first few). */
export const isInUse = (file: Pick<MediaFile, "usage_count">) => file.usage_count > 0;

/** A file a cleanup's preview lists: its library record when the screen has it, else its address's own name. */
export interface CleanupCandidate {
  path: string;
  name: string;
  file: MediaFile | null;
}

/** The dry run's unused addresses, in its order, each matched to the library's record by its address. */
export function cleanupCandidates(unusedPaths: readonly string[], library: readonly MediaFile[]): CleanupCandidate[] {
  const byPath = new Map(library.map((file) => [file.file_path, file]));
  return unusedPaths.map((path) => {
    const file = byPath.get(path) ?? null;
    return { path, file, name: file ? file.original_name || file.filename : (path.split("/").pop() ?? path) };
  });
}

/** What the summary adds when fewer files were moved than listed: they started being used while the dialog was open. */
export function keptSinceListed(listed: number, moved: number): string | null {
  const kept = listed - moved;
  return kept > 0 ? `有 ${kept} 個檔案在確認前開始被使用，已保留在媒體庫。` : null;
}

/** The preview's question: the files listed, and how many there are in all when there are more than one cleanup takes. */
export function cleanupQuestion(listed: number, more: number): string {
  const after = `確認後會移到回收桶，${TRASH_DAYS} 天內可以還原，之後會永久刪除。`;
  return more > 0
    ? `共有 ${listed + more} 個檔案沒有被任何內容使用，一次最多清理 ${MAX_CLEANUP_FILES} 個。下列 ${listed} 個${after}`
    : `下列 ${listed} 個檔案沒有被任何內容使用，${after}`;
}

/** The summary's note when the preview left files for another cleanup. */
export const cleanupLeftWords = (more: number) => `還有 ${more} 個未使用的檔案這次沒有清理，可以再按一次「清理未使用檔案」。`;
