// The media library's reference index: which content holds which uploaded
// file, by owner and field. An operation declares the files its content holds
// (its `files` effect) and the runner replaces the owner's entries in the same
// transaction, so a file in use is never cleaned up nor deleted (decision 024).
import type { Db } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { mediaRepo } from "./media.repo.ts";

/** Content that can hold files; the names are the index's owner types (media-usage.ts says them in words). */
export type FileOwnerType = "settings" | "banner" | "page" | "service-item" | "service-image" | "portfolio" | "blog_post" | "line_message";

export interface FileOwner {
  type: FileOwnerType;
  id: string;
}

/** An owner's files by field (the field names where in the content each address is); no fields: it holds none. */
export interface FileReferences {
  owner: FileOwner;
  fields: Record<string, readonly string[]>;
}

export interface FileReferenceKeeper {
  /** Replaces the owner's entries with these, with `db`, the transaction of the owner's own write. */
  keep(db: Db, references: FileReferences): Promise<void>;
}

/** The file-references entry of an owner that no longer holds anything (it was deleted). */
export const noFiles = (owner: FileOwner): FileReferences => ({ owner, fields: {} });

export function createFileReferenceKeeper(deps: { storage: Pick<FileStorage, "keyOf" | "urlOf">; activity: Pick<ActivityService, "record">; clock?: () => Date }): FileReferenceKeeper {
  const { storage, activity } = deps;
  const clock = deps.clock ?? (() => new Date());
  // An absolute address of one of our files (https://site/uploads/…) counts as the file's own path.
  const pathOf = (url: string) => {
    const key = storage.keyOf(url);
    return key ? storage.urlOf(key) : url;
  };

  return {
    async keep(db, { owner, fields }) {
      const wanted = Object.entries(fields).flatMap(([field, urls]) => urls.filter(Boolean).map((url) => ({ field, url: pathOf(url) })));
      const found = await mediaRepo.findByPaths(db, [...new Set(wanted.map((entry) => entry.url))]);
      const idByPath = new Map(found.map((row) => [row.file_path, row.id]));
      const rows = wanted.flatMap((entry) => (idByPath.has(entry.url) ? [{ media_id: idByPath.get(entry.url)!, field: entry.field }] : []));
      // A file in the trash that content names again (its address pasted) comes back: its bytes never moved.
      const referenced = found.filter((row) => rows.some((entry) => entry.media_id === row.id));
      await mediaRepo.holdReferenced(db, referenced.map((row) => row.id));
      for (const row of referenced.filter((file) => file.trashed_at)) {
        const name = row.original_name || row.filename;
        await activity.record(db, { adminId: null, action: "media.restore", entityType: "media", entityId: row.id, summary: `檔案「${name}」再次被內容使用，已從回收桶還原` });
      }
      await mediaRepo.replaceReferences(db, owner, rows, clock().toISOString());
    },
  };
}
