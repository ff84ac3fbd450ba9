// How a kept version of a page or a news post came to be (decision 032): the
// change that made it, when, and by whom. Versions kept before this was recorded
// know only when they were replaced (`made_at` null).

/** create: the first save; save: a save by hand (發布, 儲存草稿…); autosave: the editor's own; restore: an earlier version put back. */
export const VERSION_CHANGES = ["create", "save", "autosave", "restore"] as const;
export type VersionChange = (typeof VERSION_CHANGES)[number];

export const versionChangeOf = (value: string | null): VersionChange | null => ((VERSION_CHANGES as readonly string[]).includes(value ?? "") ? (value as VersionChange) : null);

export interface VersionOrigin {
  /** When this version was made; null for a version kept before the time was recorded. */
  made_at: string | null;
  /** Who made it ("" when not known). */
  made_by: string;
  change: VersionChange | null;
  /** For a restore: when the version it put back was made. */
  restored_from: string | null;
}
