// Uploading a case's pictures from the computer, for one place in the form
// (a group's 施工前 or 施工後, or its other pictures): images only, each other
// file skipped and named (001 §5), one after the other with 上傳中... shown
// over the place, each failure said in the spec's words (001 §8). The paths
// that arrived go to the form; the media library is told it has new files.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { PORTFOLIO_MESSAGES } from "#contract/portfolios.ts";
import { MEDIA_QUERY_KEY } from "#web/admin/media/media-api.ts";
import { partitionUploads } from "#web/admin/media/media-files.ts";
import { uploadCasePicture } from "./portfolios-api.ts";

export function usePictureUpload(onUploaded: (paths: string[]) => void) {
  const client = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => () => abort.current?.abort(), []);

  async function upload(files: readonly File[]) {
    if (files.length === 0 || busy) return;
    const { accepted, skipped } = partitionUploads(files, "image");
    const found = skipped.map((file) => PORTFOLIO_MESSAGES.notAnImage(file.name));
    setProblems(found);
    if (accepted.length === 0) return;
    const controller = new AbortController();
    abort.current = controller;
    const paths: string[] = [];
    try {
      for (const [index, file] of accepted.entries()) {
        setBusy(accepted.length > 1 ? `上傳中... 第 ${index + 1} / ${accepted.length} 張` : "上傳中...");
        const outcome = await uploadCasePicture(file, controller.signal);
        if (controller.signal.aborted) return;
        if (outcome.ok) paths.push(outcome.path);
        else found.push(outcome.message);
      }
    } finally {
      if (!controller.signal.aborted) setBusy(null);
    }
    setProblems([...found]);
    if (paths.length > 0) {
      onUploaded(paths);
      void client.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });
    }
  }

  return { busy, problems, clearProblems: () => setProblems([]), upload };
}
