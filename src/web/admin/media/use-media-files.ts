// The media list, shared by the library and the picker: one cache entry, so
// an upload in either refreshes both.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { TRASH_DAYS, type MediaFile } from "#contract/media.ts";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { deleteFailureMessage, MEDIA_MESSAGES } from "./media-answers.ts";
import { deleteMediaFile, fetchMediaFiles, MEDIA_QUERY_KEY, type DeleteOutcome } from "./media-api.ts";
import { isInUse } from "./media-deletes.ts";
import { anyVideoProcessing, displayName, VIDEO_POLL_MS } from "./media-files.ts";

export function useMediaFiles() {
  return useQuery({
    queryKey: MEDIA_QUERY_KEY,
    queryFn: ({ signal }) => fetchMediaFiles(signal),
    // Each failure shows its own message (登入已過期，請重新登入, 載入失敗 (status),
    // the server's message, or the network error; 002 §8): retrying would only delay it.
    retry: false,
    // Opening the picker shows what the library just uploaded or deleted.
    staleTime: 0,
    // While a video is being made playable, its 處理中 and percentage follow the server (decision 029).
    refetchInterval: (query) => (anyVideoProcessing(query.state.data) ? VIDEO_POLL_MS : false),
  });
}

/** "The list reloads" (002 §4) after an upload, a delete, a cleanup or a new alt text. */
export function useReloadMediaFiles() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: MEDIA_QUERY_KEY }), [client]);
}

export type DeleteResult = { status: "cancelled" | "in-use" | "trashed" | "failed" } | { status: "refused"; message: string };

/**
 * 刪除 of a library file: a file something shows is answered at once by a
 * dialog naming where (nothing to confirm); any other is asked about in our
 * confirmation, then moved to the trash (decision 042). A refusal the list did
 * not foresee (409: it became used since the list was loaded) must reach the
 * screen with the server's words naming where; other failures are only logged
 * (002 §8) and the list is reloaded. The screen shows `inUse` in MediaInUseDialog.
 */
export function useDeleteMediaFile() {
  const reload = useReloadMediaFiles();
  const confirm = useConfirm();
  const [inUse, setInUse] = useState<MediaFile | null>(null);
  const remove = useCallback(
    async (file: MediaFile): Promise<DeleteResult> => {
      if (isInUse(file)) {
        setInUse(file);
        return { status: "in-use" };
      }
      const confirmed = await confirm({ title: "刪除檔案", message: MEDIA_MESSAGES.deleteConfirm, items: [displayName(file)], confirmLabel: "刪除" });
      if (!confirmed) return { status: "cancelled" };
      let outcome: DeleteOutcome;
      try {
        outcome = await deleteMediaFile(file.id);
      } catch (error) {
        console.warn("刪除檔案失敗", error);
        return { status: "failed" };
      }
      void reload();
      if (outcome.ok) return { status: "trashed" };
      if (outcome.status === 409) return { status: "refused", message: deleteFailureMessage(outcome.status, outcome.text) };
      console.warn(`刪除檔案失敗：${deleteFailureMessage(outcome.status, outcome.text)}`);
      return { status: "failed" };
    },
    [reload, confirm],
  );
  const closeInUse = useCallback(() => setInUse(null), []);
  return { remove, inUse, closeInUse };
}

/** What the library says once a file is in the trash. */
export const trashedNotice = (file: MediaFile) => `已將「${displayName(file)}」移到回收桶，${TRASH_DAYS} 天內可以在回收桶還原`;
