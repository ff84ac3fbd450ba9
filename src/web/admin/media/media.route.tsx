// /admin/media (002 §2.8, §4, §5, §8; issue 4): upload of images and videos
// with a progress bar per file, drag and drop, search, grid or list, preview
// with copy, alt text and delete, and the cleanup of unused files with its
// summary. Every load failure says what happened in the spec's words:
// 請先登入後台管理系統, 登入已過期，請重新登入, 載入失敗 (status), the server's
// message or 載入媒體檔案失敗, 網路連線錯誤，請檢查網路後重試.
// 刪除 and cleanup move files to the 回收桶 view (還原, 永久刪除; decision 024),
// after saying what they touch: where a file in use is used (and no delete),
// or the files cleanup will move (decision 042).
import { useMutation } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Copy, FolderOpen, LogIn, RefreshCw, Sparkles, Trash2, TriangleAlert, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { TRASH_DAYS, type CleanupResult, type MediaFile } from "#contract/media.ts";
import { SegmentedControl } from "#web/admin/shared/segmented-control.tsx";
import { MediaTrash, useTrash } from "./media-trash.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { MediaCollection, type MediaView } from "./media-grid.tsx";
import { ErrorBanner, focusRing, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { MediaPreviewDialog } from "./media-preview-dialog.tsx";
import { MediaToolbar } from "./media-toolbar.tsx";
import { MediaDropZone, UploadButton, UploadProgressList } from "./media-upload.tsx";
import { copyText } from "#web/admin/shared/clipboard.ts";
import { loadErrorMessage, MEDIA_MESSAGES, MediaLoadError } from "./media-answers.ts";
import { cleanupUnusedMedia } from "./media-api.ts";
import { MediaCleanupDialog, type CleanupPreview } from "./media-cleanup-dialog.tsx";
import { cleanupCandidates, cleanupLeftWords, keptSinceListed } from "./media-deletes.ts";
import { MediaInUseDialog } from "./media-in-use-dialog.tsx";
import { absoluteUrl, displayName, filterMediaFiles } from "./media-files.ts";
import { clearSession } from "#web/admin/shared/session.ts";
import { trashedNotice, useDeleteMediaFile, useMediaFiles, useReloadMediaFiles } from "./use-media-files.ts";
import { useMediaUpload } from "./use-media-upload.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";

export const meta = () => adminMeta("媒體庫");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

/** 002 §9: to the login screen 2 s after finding no token. */
const LOGIN_REDIRECT_MS = 2_000;


const iconButton = `inline-flex h-8 w-8 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 ${focusRing}`;

export default function MediaLibrary() {
  const navigate = useNavigate();
  const media = useMediaFiles();
  const reload = useReloadMediaFiles();
  const deletion = useDeleteMediaFile();
  const uploads = useMediaUpload({ noTokenMessage: MEDIA_MESSAGES.noToken });
  const [query, setQuery] = useState("");
  const [view, setView] = useState<MediaView>("grid");
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [notice, setNotice] = useNotice();
  const [cleanup, setCleanup] = useState<{ result: CleanupResult; listed: number; more: number } | { error: string } | null>(null);
  const [preview, setPreview] = useState<CleanupPreview | null>(null);
  // Bumped by each preview and by closing one: a dry run answering after its dialog was closed is dropped.
  const previewRun = useRef(0);
  const [section, setSection] = useState<"library" | "trash">("library");
  const trash = useTrash();

  const files = media.data ?? [];
  const shown = useMemo(() => filterMediaFiles(files, query), [files, query]);
  const previewed = previewId === null ? null : (files.find((file) => file.id === previewId) ?? null);
  const loadError = media.error;
  const loadKind = loadError instanceof MediaLoadError ? loadError.kind : null;

  // 002 §4: no token → clear the session, say so, go to the login screen after 2 s.
  useEffect(() => {
    if (loadKind !== "no-token") return;
    clearSession();
    const timer = setTimeout(() => navigate("/admin/login", { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loadKind, navigate]);


  const runCleanup = useMutation({
    // `more`: the unused files the preview left for another cleanup, said in the summary.
    mutationFn: ({ files }: { files: string[]; more: number }) => cleanupUnusedMedia({ delete: true, files }),
    onSuccess: (outcome, { files, more }) => {
      if (outcome.ok) {
        setCleanup({ result: outcome.result, listed: files.length, more });
        void reload();
      } else setCleanup({ error: outcome.message });
    },
  });

  /** The dry run first: the dialog lists what it found, with the library's names and thumbnails, before anything is asked. */
  async function startCleanup() {
    if (runCleanup.isPending || preview) return;
    const run = ++previewRun.current;
    setCleanup(null);
    setPreview({ state: "checking" });
    const found = await cleanupUnusedMedia({ delete: false });
    // The list as it is now: a file uploaded since the screen loaded is shown by its name and picture too.
    const library = found.ok ? ((await media.refetch()).data ?? files) : files;
    if (run !== previewRun.current) return;
    if (!found.ok) {
      setPreview(null);
      setCleanup({ error: found.message });
      return;
    }
    setPreview({ state: "ready", candidates: cleanupCandidates(found.result.unused_files, library), more: found.result.unused_more_count });
  }

  function closePreview() {
    previewRun.current += 1;
    setPreview(null);
  }

  async function copy(file: MediaFile) {
    const copied = await copyText(absoluteUrl(file.file_url, window.location.origin));
    setNotice(copied ? { tone: "success", text: MEDIA_MESSAGES.copied } : { tone: "error", text: MEDIA_MESSAGES.copyFailed });
  }

  async function remove(file: MediaFile) {
    const result = await deletion.remove(file);
    if (result.status === "refused") setNotice({ tone: "error", text: result.message });
    if (result.status === "trashed") setNotice({ tone: "success", text: trashedNotice(file) });
  }

  return (
    <>
      <AdminPageHeader
        title="媒體庫"
        description="上傳與管理網站使用的圖片和影片"
        actions={
          <>
            <button
              type="button"
              onClick={() => void startCleanup()}
              disabled={runCleanup.isPending}
              className={`inline-flex items-center gap-2 rounded-lg border border-current/30 px-4 py-2.5 font-medium hover:bg-black/5 disabled:opacity-60 ${focusRing}`}
            >
              {runCleanup.isPending ? <RefreshCw aria-hidden size={18} className="animate-spin" /> : <Sparkles aria-hidden size={18} />}
              {runCleanup.isPending ? "清理中..." : "清理未使用檔案"}
            </button>
            <UploadButton accept="all" onFiles={uploads.upload} />
          </>
        }
      />

      <div className="space-y-4">
        <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="media-notice" errorTestId="media-action-error" />

        {cleanup && "error" in cleanup ? (
          <ErrorBanner onDismiss={() => setCleanup(null)} testId="cleanup-error">
            {cleanup.error}
          </ErrorBanner>
        ) : null}
        {cleanup && "result" in cleanup ? <CleanupSummary result={cleanup.result} listed={cleanup.listed} more={cleanup.more} onDismiss={() => setCleanup(null)} onShowTrash={() => setSection("trash")} /> : null}

        <SegmentedControl<"library" | "trash">
          label="顯示"
          value={section}
          onChange={setSection}
          options={[
            { value: "library", label: "媒體庫" },
            { value: "trash", label: trash.data ? `回收桶（${trash.data.length}）` : "回收桶" },
          ]}
        />

        {section === "trash" ? <MediaTrash onNotice={setNotice} /> : null}
        <div hidden={section === "trash"} className="space-y-4">

        {loadError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800" data-testid="media-load-error">
            <CircleAlert aria-hidden size={20} className="shrink-0" />
            <span className="flex-1 font-medium">{loadErrorMessage(loadError)}</span>
            {loadKind === "expired" || loadKind === "no-token" ? (
              <Link to="/admin/login" className={`inline-flex items-center gap-1.5 rounded-lg bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 ${focusRing}`}>
                <LogIn aria-hidden size={16} />
                前往登入頁面
              </Link>
            ) : (
              <RetryButton onRetry={() => void media.refetch()} />
            )}
          </div>
        ) : null}

        <UploadProgressList entries={uploads.entries} onClear={uploads.clearFinished} />

        <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-4 text-gray-900 shadow-sm">
          <div className="min-w-0 flex-1">
            <MediaToolbar query={query} onQuery={setQuery} view={view} onView={setView} />
          </div>
          <button type="button" onClick={() => void media.refetch()} aria-label="重新整理" title="重新整理" className={`h-10 w-10 ${iconButton}`}>
            <RefreshCw aria-hidden size={18} className={media.isFetching ? "animate-spin" : ""} />
          </button>
          <p className="w-full text-sm text-gray-500" data-testid="media-count">
            {media.isSuccess ? (query.trim() ? `找到 ${shown.length} 個檔案（共 ${files.length} 個）` : `共 ${files.length} 個檔案`) : "\u00a0"}
          </p>
        </div>

        <MediaDropZone accept="all" onFiles={uploads.upload} className="p-4">
          {media.isPending ? (
            <AdminLoading label="載入媒體檔案中..." />
          ) : loadError ? null : files.length === 0 ? (
            <div className="rounded-2xl bg-white p-10 text-center text-gray-900 shadow-sm" data-testid="media-empty">
              <FolderOpen aria-hidden size={48} className="mx-auto text-gray-400" />
              <p className="mt-4 text-lg font-semibold">尚無檔案</p>
              <p className="mt-1 text-gray-600">拖曳檔案到此處或使用上傳按鈕</p>
            </div>
          ) : shown.length === 0 ? (
            <p className="rounded-2xl bg-white p-8 text-center text-gray-600 shadow-sm" data-testid="media-no-match">
              找不到符合「{query.trim()}」的檔案
            </p>
          ) : (
            <MediaCollection
              files={shown}
              view={view}
              layout="library"
              onActivate={(file) => setPreviewId(file.id)}
              actions={(file) => (
                <>
                  <button type="button" onClick={() => void copy(file)} aria-label={`複製 ${displayName(file)} 的網址`} title="複製網址" className={iconButton}>
                    <Copy aria-hidden size={16} />
                  </button>
                  <button
                    type="button"
                    onClick={() => void remove(file)}
                    aria-label={`刪除 ${displayName(file)}`}
                    title="刪除"
                    className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
                  >
                    <Trash2 aria-hidden size={16} />
                  </button>
                </>
              )}
            />
          )}
        </MediaDropZone>
        </div>
      </div>

      <MediaPreviewDialog file={previewed} onClose={() => setPreviewId(null)} onDelete={deletion.remove} onTrashed={(file) => setNotice({ tone: "success", text: trashedNotice(file) })} />
      <MediaCleanupDialog
        preview={preview}
        onCancel={closePreview}
        onConfirm={(paths) => {
          const more = preview?.state === "ready" ? preview.more : 0;
          closePreview();
          runCleanup.mutate({ files: paths, more });
        }}
      />
      <MediaInUseDialog file={deletion.inUse} onClose={deletion.closeInUse} />
    </>
  );
}


function CleanupSummary({ result, listed, more, onDismiss, onShowTrash }: { result: CleanupResult; listed: number; more: number; onDismiss(): void; onShowTrash(): void }) {
  const kept = keptSinceListed(listed, result.deleted_count);
  // "deleted" in the answer means moved to the trash (decision 024): the words say so.
  const rows: Array<[string, number]> = [
    ["移到回收桶", result.deleted_count],
    ["未使用檔案", result.unused_count],
    ["清理前檔案總數", result.total_files_before],
    ["清理後檔案總數", result.total_files_after],
  ];
  return (
    <section aria-labelledby="cleanup-heading" className="rounded-2xl border border-green-200 bg-green-50 p-4 text-green-900" data-testid="cleanup-summary">
      <div className="flex items-start justify-between gap-3">
        <h2 id="cleanup-heading" className="flex items-center gap-2 font-semibold">
          <CircleCheck aria-hidden size={18} />
          清理完成
        </h2>
        <button type="button" onClick={onDismiss} aria-label="關閉清理結果" className="rounded p-0.5 hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-green-700">
          <X aria-hidden size={16} />
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-white/70 p-3">
            <dt className="text-green-800">{label}</dt>
            <dd className="mt-0.5 text-xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {result.deleted_count > 0 ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="cleanup-trash-note">
          {result.deleted_count} 個未使用的檔案已移到回收桶，{TRASH_DAYS} 天內可以還原，之後會自動永久刪除。
          <button type="button" onClick={onShowTrash} className="min-h-11 rounded-lg px-2 font-semibold underline hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-green-700">
            查看回收桶
          </button>
        </p>
      ) : null}
      {kept ? (
        <p className="mt-3 text-sm" data-testid="cleanup-kept-note">
          {kept}
        </p>
      ) : null}
      {more > 0 ? (
        <p className="mt-3 text-sm" data-testid="cleanup-more-note">
          {cleanupLeftWords(more)}
        </p>
      ) : null}
      {result.error_count > 0 ? (
        <p role="alert" className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="cleanup-warning">
          <TriangleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
          有 {result.error_count} 個檔案刪除失敗，{MEDIA_MESSAGES.cleanupPermissions}
        </p>
      ) : null}
    </section>
  );
}
