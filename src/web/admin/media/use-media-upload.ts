// Uploading picked or dropped files, shared by the library and the picker:
// files that are not images or videos are skipped (002 §4), the rest
// go one at a time (the server resizes each image; one at a time keeps the
// progress bars honest and the machine calm), and the list reloads after each
// success.
import { useCallback, useEffect, useRef, useState } from "react";
import type { MediaFile } from "#contract/media.ts";
import { uploadMediaFile } from "./media-api.ts";
import { partitionUploads, type MediaAccept } from "./media-files.ts";
import { newEntries, withoutFinished, withProgress, withStatus, withStored, type UploadEntry } from "./media-upload-queue.ts";
import { getToken } from "#web/admin/shared/session.ts";
import { useReloadMediaFiles } from "./use-media-files.ts";

interface Options {
  accept?: MediaAccept;
  /** What a row says when there is no stored token (the library and the picker word it differently). */
  noTokenMessage: string;
  onUploaded?(file: MediaFile): void;
}

interface Job {
  key: string;
  file: File;
}

export function useMediaUpload({ accept = "all", noTokenMessage, onUploaded }: Options) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const reload = useReloadMediaFiles();
  const queue = useRef<Job[]>([]);
  const running = useRef(false);
  const counter = useRef(0);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef({ onUploaded, noTokenMessage, reload });
  latest.current = { onUploaded, noTokenMessage, reload };

  // Leaving the screen cancels what is still uploading.
  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => {
      controller.abort();
      queue.current = [];
    };
  }, []);

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let job = queue.current.shift(); job; job = queue.current.shift()) {
        const { key, file } = job;
        const signal = abort.current?.signal;
        if (!signal || signal.aborted) break;
        if (!getToken()) {
          setEntries((current) => withStatus(current, key, "error", latest.current.noTokenMessage));
          continue;
        }
        setEntries((current) => withProgress(current, key, 0, file.size));
        const outcome = await uploadMediaFile(file, {
          signal,
          onProgress: ({ loaded, total }) => setEntries((current) => withProgress(current, key, loaded, total)),
        });
        if (outcome.ok) {
          setEntries((current) => withStored(current, key, outcome.file.file_size));
          void latest.current.reload();
          latest.current.onUploaded?.(outcome.file);
        } else {
          console.warn(`上傳 ${file.name} 失敗：${outcome.message}`);
          setEntries((current) => withStatus(current, key, "error", outcome.message));
        }
      }
    } finally {
      running.current = false;
    }
  }, []);

  const upload = useCallback(
    (picked: ArrayLike<File> | Iterable<File>) => {
      const files = Array.from(picked);
      if (files.length === 0) return;
      const { accepted, skipped } = partitionUploads(files, accept);
      const nextKey = () => `upload-${++counter.current}`;
      const waiting = newEntries(accepted, "waiting", nextKey);
      queue.current.push(...waiting.map((entry, index) => ({ key: entry.key, file: accepted[index]! })));
      // A new batch replaces the finished rows of the previous one.
      setEntries((current) => [...withoutFinished(current), ...waiting, ...newEntries(skipped, "skipped", nextKey)]);
      void drain();
    },
    [accept, drain],
  );

  const clearFinished = useCallback(() => setEntries(withoutFinished), []);

  return { entries, upload, clearFinished };
}
