// How 版本紀錄 names a kept version (decision 032): when it was made (Taiwan
// time), by what change, and by whom. A version kept before this was recorded
// is named by when it was replaced.
import type { VersionOrigin } from "#contract/version-origin.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";

export interface VersionWords {
  /** When it was made ("2026/11/26 10:05:09"), or "… 以前" for an old version. */
  when: string;
  /** By what change: 發布, 儲存草稿, 自動儲存, 還原自 … 的版本, 建立; empty when not recorded. */
  change: string;
  /** "由 王小明" or empty. */
  by: string;
}

/** `savedAs` is what a save by hand did, in the record's words (發布 / 儲存草稿 / 排程發布 / 封存). */
export function versionWords(version: VersionOrigin & { created_at: string }, savedAs: string): VersionWords {
  const when = version.made_at ? formatDateTime(version.made_at) : `${formatDateTime(version.created_at)} 以前`;
  const change = (() => {
    switch (version.change) {
      case "create":
        return `建立（${savedAs}）`;
      case "save":
        return savedAs;
      case "autosave":
        return "自動儲存";
      case "restore":
        return version.restored_from ? `還原自 ${formatDateTime(version.restored_from)} 的版本` : "還原較早的版本";
      default:
        return "";
    }
  })();
  return { when, change, by: version.made_by ? `由 ${version.made_by}` : "" };
}
