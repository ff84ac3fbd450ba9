// The full-screen page editor (002 §2.7): a side panel with the page title,
// 立即發布 and the SEO fields (with their recommended lengths), the content
// editor (visual editors for the two JSON pages, rich text or HTML source for
// the others), layout edit / split / preview, preview widths, a preview of
// the public page in a new window, 版本紀錄, and the publish button.
import { useQueryClient } from "@tanstack/react-query";
import { Columns2, Eye, ExternalLink, History, Monitor, PencilLine, Smartphone, Tablet, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { publicPathOf, type Page, type PageDefaults, type PageRevision } from "#contract/pages.ts";
import { focusRing, NoticeArea, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { ApiError, errorMessage } from "#web/admin/shared/api-client.ts";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { FieldError, FieldHelp, inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { RevisionsPanel } from "#web/admin/shared/revisions-panel.tsx";
import { RichTextEditor } from "#web/admin/shared/rich-text-editor.tsx";
import { useUnsavedChangesWarning } from "#web/admin/shared/use-unsaved-changes-warning.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { ids, smallButton, type FieldErrors } from "./editor-fields.tsx";
import { HomeServicesEditor } from "./home-services-editor.tsx";
import {
  DEVICE_WIDTHS,
  draftErrors,
  draftOf,
  pageName,
  pagePayload,
  PAGES_QUERY_KEY,
  SEO_DESCRIPTION_RANGE,
  SEO_TITLE_RANGE,
  SERVICES_PAGE_MISSING,
  seoCount,
  type PageDraft,
  type PreviewDevice,
} from "./page-content.ts";
import { createPage, fetchRevisions, restoreRevision, updatePage } from "./pages-api.ts";
import { ServicesPageEditor } from "./services-page-editor.tsx";
import { SegmentedControl } from "#web/admin/shared/segmented-control.tsx";

type Layout = "edit" | "split" | "preview";
type HtmlMode = "visual" | "source";

const UNSAVED = "頁面有尚未儲存的變更，確定要離開嗎？";

const revisionsQueryKey = (key: string) => [...PAGES_QUERY_KEY, key, "revisions"] as const;

interface Props {
  page: Page;
  /** The built-in pages' defaults: what a JSON page's missing fields are read from. */
  defaults: PageDefaults;
  onClose(): void;
  onSaved(message: string): void;
  /** The record changed without closing the editor (a restored version). */
  onChanged(): void;
  /** Opens another page by key in the editor; false when there is no such page. */
  onOpenPage(key: string): boolean;
}

export function PageEditor({ page: initialPage, defaults, onClose, onSaved, onChanged, onOpenPage }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const contentLabelId = useId();
  const client = useQueryClient();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLDivElement>();
  const [page, setPage] = useState(initialPage);
  const [saved, setSaved] = useState(() => draftOf(initialPage, defaults));
  const [draft, setDraft] = useState(saved);
  // Bumped when the draft is replaced from outside (a restore): the editors' own text state starts again.
  const [version, setVersion] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [layout, setLayout] = useState<Layout>("edit");
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  const [htmlMode, setHtmlMode] = useState<HtmlMode>("visual");
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [restoring, setRestoring] = useState<number | null>(null);

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  useUnsavedChangesWarning(dirty, UNSAVED);
  const isJson = draft.home !== null || draft.servicesPage !== null;
  const name = pageName(page);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const update = (patch: Partial<PageDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (Object.keys(errors).length > 0) setErrors({});
  };

  async function requestClose() {
    if (dirty && !(await confirm({ title: "關閉編輯器", message: UNSAVED, confirmLabel: "離開，不儲存" }))) return;
    onClose();
  }

  async function openServicesPage() {
    if (dirty && !(await confirm({ title: "前往服務項目頁面", message: UNSAVED, confirmLabel: "離開，不儲存" }))) return;
    if (!onOpenPage("services_page")) setNotice({ tone: "error", text: SERVICES_PAGE_MISSING });
  }

  async function save() {
    if (saving) return;
    const found = draftErrors(draft);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setNotice({ tone: "error", text: "有欄位需要修正，請檢查標示的欄位" });
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const payload = pagePayload(draft);
      const result = page.id > 0 ? await updatePage(page.page_key, payload) : await createPage(payload);
      onSaved(result.message || (page.id > 0 ? "頁面已儲存" : "頁面已建立"));
    } catch (error) {
      console.warn("儲存頁面失敗", error);
      const fieldErrors = error instanceof ApiError ? error.errors : {};
      setErrors(fieldErrors);
      const contentError = fieldErrors.content;
      setNotice({ tone: "error", text: contentError || errorMessage(error, "儲存頁面失敗") });
      if (Object.keys(fieldErrors).some((field) => field !== "content")) focusFirstError();
    } finally {
      setSaving(false);
    }
  }

  async function restore(revision: PageRevision) {
    const asked = await confirm({
      title: "還原版本",
      message: dirty ? "確定要還原到這個版本嗎？尚未儲存的變更將會遺失，目前儲存的內容會保留在版本紀錄中。" : "確定要還原到這個版本嗎？目前的內容會保留在版本紀錄中。",
      items: [`${revision.title}（${formatDateTime(revision.created_at)}）`],
      confirmLabel: "還原",
      tone: "primary",
    });
    if (!asked) return;
    setRestoring(revision.id);
    try {
      const result = await restoreRevision(page.page_key, revision.id);
      const restored = draftOf(result.data, defaults);
      setPage(result.data);
      setSaved(restored);
      setDraft(restored);
      setErrors({});
      setVersion((count) => count + 1);
      setRevisionsOpen(false);
      setNotice({ tone: "success", text: result.message || "已還原到選擇的版本" });
      void client.invalidateQueries({ queryKey: revisionsQueryKey(page.page_key) });
      onChanged();
    } catch (error) {
      console.warn("還原版本失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, "還原版本失敗") });
    } finally {
      setRestoring(null);
    }
  }

  const showEditor = layout !== "preview";
  const showPreview = layout !== "edit";
  const publishLabel = saving ? "儲存中..." : draft.is_active ? "發布" : "儲存草稿";

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // React passes the cancel of a dialog opened inside (link, versions, media picker) up to here: only our own closes the editor.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        void requestClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-gray-100 p-0 text-gray-900"
      data-testid="page-editor"
    >
      <div className="flex h-full flex-col">
        <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-3 py-2 sm:px-4">
          <button type="button" onClick={() => void requestClose()} aria-label="關閉編輯器" className={smallButton}>
            <X aria-hidden size={18} />
          </button>
          <div className="min-w-0 flex-1 basis-48">
            <h2 id={titleId} className="truncate text-lg font-semibold">
              編輯頁面：{name}
            </h2>
            <p className="text-xs text-gray-600">
              {page.page_key}
              {page.id > 0 ? `（ID: ${page.id}）` : "（尚未建立，儲存後建立）"}
              {dirty ? <span className="ml-2 font-medium text-amber-800">有未儲存的變更</span> : null}
            </p>
          </div>
          <button type="button" onClick={() => setRevisionsOpen(true)} className={smallButton}>
            <History aria-hidden size={16} />
            版本紀錄
          </button>
          <a href={publicPathOf(page.page_key)} target="_blank" rel="noopener noreferrer" className={smallButton} data-testid="open-preview">
            <ExternalLink aria-hidden size={16} />
            在新視窗預覽
            <span className="sr-only">（開啟 {publicPathOf(page.page_key)}）</span>
          </a>
          <button
            type="button"
            onClick={() => void save()}
            disabled={saving}
            className={`inline-flex min-h-11 items-center rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white shadow hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}
            data-testid="publish-page"
          >
            {publishLabel}
          </button>
        </header>

        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-gray-200 bg-white px-3 py-2 sm:px-4">
          <SegmentedControl<Layout>
            label="版面"
            value={layout}
            onChange={setLayout}
            options={[
              { value: "edit", label: "編輯", icon: <PencilLine aria-hidden size={16} /> },
              { value: "split", label: "分割", icon: <Columns2 aria-hidden size={16} /> },
              { value: "preview", label: "預覽", icon: <Eye aria-hidden size={16} /> },
            ]}
          />
          {showPreview ? (
            <SegmentedControl<PreviewDevice>
              label="預覽寬度"
              value={device}
              onChange={setDevice}
              options={[
                { value: "desktop", label: "桌面", icon: <Monitor aria-hidden size={16} /> },
                { value: "tablet", label: "平板", icon: <Tablet aria-hidden size={16} /> },
                { value: "mobile", label: "手機", icon: <Smartphone aria-hidden size={16} /> },
              ]}
            />
          ) : null}
          {!isJson && showEditor ? (
            <SegmentedControl<HtmlMode>
              label="編輯方式"
              value={htmlMode}
              onChange={setHtmlMode}
              options={[
                { value: "visual", label: "視覺編輯" },
                { value: "source", label: "HTML 原始碼" },
              ]}
            />
          ) : null}
        </div>

        <div ref={formRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
          <aside className="shrink-0 space-y-4 border-b border-gray-200 bg-white p-4 lg:w-80 lg:overflow-y-auto lg:border-r lg:border-b-0" aria-label="頁面設定" data-testid="page-settings">
            <div data-testid="field-title">
              <label htmlFor={ids.field("title")} className="block text-sm font-medium text-gray-800">
                頁面標題
                <span aria-hidden className="ml-0.5 text-red-600">
                  *
                </span>
              </label>
              <input
                id={ids.field("title")}
                value={draft.title}
                required
                aria-invalid={errors.title ? true : undefined}
                aria-describedby={ids.describedBy("title", errors.title, undefined)}
                onChange={(event) => update({ title: event.target.value })}
                className={`${inputClass} min-h-11`}
              />
              <FieldError ids={ids} field="title" error={errors.title} />
            </div>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 py-2">
              <input type="checkbox" checked={draft.is_active} onChange={(event) => update({ is_active: event.target.checked })} className="size-5 accent-blue-600" data-testid="page-active" />
              <span className="font-medium">立即發布</span>
              <span className="ml-auto text-xs text-gray-600">{draft.is_active ? "已發布" : "草稿"}</span>
            </label>
            <fieldset className="space-y-4">
              <legend className="text-base font-semibold">SEO 設定</legend>
              <SeoField field="meta_title" label="SEO 標題" range={SEO_TITLE_RANGE} value={draft.meta_title} error={errors.meta_title} onChange={(text) => update({ meta_title: text })} />
              <SeoField field="meta_description" label="SEO 描述" range={SEO_DESCRIPTION_RANGE} value={draft.meta_description} error={errors.meta_description} multiline onChange={(text) => update({ meta_description: text })} />
              <div>
                <label htmlFor={ids.field("meta_keywords")} className="block text-sm font-medium text-gray-800">
                  關鍵字
                </label>
                <input
                  id={ids.field("meta_keywords")}
                  value={draft.meta_keywords}
                  aria-invalid={errors.meta_keywords ? true : undefined}
                  aria-describedby={ids.describedBy("meta_keywords", errors.meta_keywords, "help")}
                  onChange={(event) => update({ meta_keywords: event.target.value })}
                  className={`${inputClass} min-h-11`}
                />
                <FieldHelp ids={ids} field="meta_keywords" help="以逗號分隔，例如：清潔公司,基隆,水塔清洗" />
                <FieldError ids={ids} field="meta_keywords" error={errors.meta_keywords} />
              </div>
            </fieldset>
          </aside>

          <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
            {showEditor ? (
              <section aria-labelledby={contentLabelId} className={`min-w-0 flex-1 space-y-4 p-4 lg:overflow-y-auto ${showPreview ? "lg:border-r lg:border-gray-200" : ""}`} data-testid="page-content-editor">
                <h3 id={contentLabelId} className="text-base font-semibold">
                  頁面內容
                </h3>
                {draft.home ? (
                  <HomeServicesEditor key={version} value={draft.home} errors={errors} onChange={(home) => update({ home })} onOpenServicesPage={() => void openServicesPage()} />
                ) : draft.servicesPage ? (
                  <ServicesPageEditor key={version} value={draft.servicesPage} errors={errors} onChange={(servicesPage) => update({ servicesPage })} onNotice={(text) => setNotice({ tone: "error", text })} />
                ) : htmlMode === "visual" ? (
                  <RichTextEditor value={draft.html} labelledBy={contentLabelId} onChange={(html) => update({ html })} />
                ) : (
                  <div>
                    <label htmlFor={ids.field("html")} className="block text-sm font-medium text-gray-800">
                      HTML 原始碼
                    </label>
                    <textarea
                      id={ids.field("html")}
                      value={draft.html}
                      rows={20}
                      spellCheck={false}
                      aria-describedby={ids.help("html")}
                      onChange={(event) => update({ html: event.target.value })}
                      className={`${inputClass} font-mono text-sm`}
                      data-testid="page-html-source"
                    />
                    <FieldHelp ids={ids} field="html" help="發布時會移除不安全的標籤與屬性（例如 script、onclick）。" />
                  </div>
                )}
              </section>
            ) : null}
            {showPreview ? (
              <section aria-label="預覽" tabIndex={0} className={`min-w-0 flex-1 overflow-auto bg-gray-200 p-4 ${focusRing}`} data-testid="page-preview">
                <div className="mx-auto h-full min-h-96 bg-white shadow" style={{ maxWidth: DEVICE_WIDTHS[device] ?? undefined }} data-testid="page-preview-frame" data-device={device}>
                  {isJson ? (
                    <div className="space-y-3 p-6 text-gray-800" data-testid="json-preview-note">
                      <p>這個頁面的版面由前台元件呈現，無法在這裡預覽。請使用「在新視窗預覽」查看前台的實際樣子（發布後才會顯示最新內容）。</p>
                      <a href={publicPathOf(page.page_key)} target="_blank" rel="noopener noreferrer" className={`${smallButton} text-blue-700`}>
                        <ExternalLink aria-hidden size={16} />
                        開啟前台預覽（{publicPathOf(page.page_key)}）
                      </a>
                    </div>
                  ) : (
                    <iframe title="頁面內容預覽" sandbox="" srcDoc={previewDocument(draft.title, draft.html)} className="h-full min-h-96 w-full" />
                  )}
                </div>
              </section>
            ) : null}
          </div>
        </div>
      </div>

      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="page-editor-notice" errorTestId="page-editor-error" />
      <RevisionsPanel<PageRevision>
        open={revisionsOpen}
        queryKey={revisionsQueryKey(page.page_key)}
        load={(signal) => fetchRevisions(page.page_key, signal)}
        stored={page.id > 0}
        notStoredText="這個頁面還沒有儲存過，儲存後每次變更都會留下版本紀錄。"
        statusOf={(revision) => (revision.is_active ? "已發布" : "草稿")}
        busyId={restoring}
        onClose={() => setRevisionsOpen(false)}
        onRestore={(revision) => void restore(revision)}
      />
    </dialog>
  );
}

/** The preview's document: the page's own HTML in a sandbox (no scripts run), with simple typography. */
function previewDocument(title: string, html: string) {
  const escaped = title.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>
body{font-family:system-ui,"Noto Sans TC",sans-serif;line-height:1.7;color:#1f2937;margin:0;padding:24px;overflow-wrap:anywhere}
h1{font-size:1.75rem;margin:0 0 1rem}h2{font-size:1.4rem;margin:1.5rem 0 .5rem}h3{font-size:1.15rem;margin:1.25rem 0 .5rem}
a{color:#1d4ed8}img{max-width:100%;height:auto}ul,ol{padding-left:1.5rem}
</style></head><body><h1>${escaped}</h1>${html}</body></html>`;
}

function SeoField({ field, label, range, value, error, multiline, onChange }: { field: string; label: string; range: readonly [number, number]; value: string; error?: string; multiline?: boolean; onChange(text: string): void }) {
  const { count, state } = seoCount(value, range);
  const advice = state === "ok" ? "長度合適" : state === "short" ? "略短" : state === "long" ? "超過建議長度" : "尚未填寫";
  const help = `建議 ${range[0]}–${range[1]} 個字元，目前 ${count} 個字元（${advice}）`;
  const props = {
    id: ids.field(field),
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy(field, error, help),
    className: `${inputClass} min-h-11`,
  } as const;
  return (
    <div data-testid={`field-${field}`}>
      <label htmlFor={ids.field(field)} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {multiline ? <textarea {...props} rows={4} onChange={(event) => onChange(event.target.value)} /> : <input {...props} onChange={(event) => onChange(event.target.value)} />}
      <p id={ids.help(field)} className={`mt-1 text-xs ${state === "ok" ? "text-green-800" : state === "long" ? "text-amber-800" : "text-gray-600"}`} data-testid={`${field}-count`}>
        {help}
      </p>
      <FieldError ids={ids} field={field} error={error} />
    </div>
  );
}
