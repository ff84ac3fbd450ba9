// The full-screen page editor (002 §2.7; issue 24): a side panel with the page
// title, what visitors see now (下架 for a live page, asking first; 立即發布
// for one they do not see: decision 042) and the SEO fields, the content editor (visual editors for
// the two JSON pages; for the about page and free pages the page builder, rich
// text or HTML source), layout edit / split / preview, preview widths, a
// preview of the public page in a new window, 版本紀錄, and the publish button.
// The about page and free pages are autosaved as a draft a few seconds after
// each change; every save sends the revision the editor started from, and a
// save over someone else's asks which version to keep. A built page is checked
// before it is published (findings shown on their elements, listed in words).
import { useQueryClient } from "@tanstack/react-query";
import { Columns2, Eye, ExternalLink, History, Monitor, PencilLine, Smartphone, Tablet, X } from "lucide-react";
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { renderTree } from "#contract/page-builder/render.ts";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { PAGE_MESSAGES, pageAddressOf, publicPathOf, type Page, type PageDefaults, type PageRevision } from "#contract/pages.ts";
import { focusRing, NoticeArea, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { ApiError, errorMessage } from "#web/admin/shared/api-client.ts";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { FieldHelp, inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { RevisionsPanel } from "#web/admin/shared/revisions-panel.tsx";
import { RichTextEditor } from "#web/admin/shared/rich-text-editor.tsx";
import { SegmentedControl } from "#web/admin/shared/segmented-control.tsx";
import { useUnsavedChangesWarning } from "#web/admin/shared/use-unsaved-changes-warning.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { FINDINGS_DELAY_MS, PageBuilderEditor, type PageBuilderHandle } from "#web/page-builder/editor/page-builder-editor.tsx";
import { usePageNames, useSiteLinks } from "#web/page-builder/elements/link-choices.ts";
import { findingsOf, type Finding } from "#web/page-builder/findings/findings.ts";
import { AutosaveStatus, DraftNotice } from "./autosave-status.tsx";
import { useChoiceDialog } from "./choice-dialog.tsx";
import { ids, smallButton, type FieldErrors } from "./editor-fields.tsx";
import { HomeServicesEditor } from "./home-services-editor.tsx";
import { DEVICE_WIDTHS, draftErrors, draftOf, isLive, pageName, pagePayload, PAGES_QUERY_KEY, SERVICES_PAGE_MISSING, unpublishQuestion, updatePayload, type PageDraft, type PreviewDevice } from "./page-content.ts";
import { BACK_TO_BUILDER, canUseBuilder, EDITING_MODE_LABELS, parsedNotice, richTextOfTree, TO_RICH_TEXT_WARNING, treeFromRichText, type EditingMode } from "./page-mode.ts";
import { previewDocument, themeTokens } from "./page-preview.ts";
import { PageSettingsPanel } from "./page-settings-panel.tsx";
import { createPage, discardPageDraft, fetchLatestPage, fetchRevisions, isRevisionConflict, restoreRevision, unpublishPage, updatePage } from "./pages-api.ts";
import { FINDINGS_QUESTION, findingItems, findingOfAnswer } from "./publish-findings.ts";
import { PageVersionPreview } from "./page-version-preview.tsx";
import { ServicesPageEditor } from "./services-page-editor.tsx";
import { ServicesPagePreview } from "./services-page-preview.tsx";
import { usePageAutosave, type AutosaveOutcome } from "./use-page-autosave.ts";

type Layout = "edit" | "split" | "preview";

const UNSAVED = "頁面有尚未儲存的變更，確定要離開嗎？";
const CONFLICT_MESSAGE =
  "在你編輯的同時，這個頁面已在其他地方儲存（可能是另一個分頁或另一位同事）。「載入最新版本」會捨棄你在這裡尚未儲存的變更；「保留我的版本」會以你的內容覆蓋對方的變更。";

const revisionsQueryKey = (key: string) => [...PAGES_QUERY_KEY, key, "revisions"] as const;
const sameFindings = (a: readonly Finding[], b: readonly Finding[]) => JSON.stringify(a) === JSON.stringify(b);

interface Props {
  page: Page;
  /** The built-in pages' defaults: what a JSON page's missing fields are read from. */
  defaults: PageDefaults;
  onClose(): void;
  onSaved(message: string): void;
  /** The record changed without closing the editor (a restored version, a discarded draft, the latest version loaded). */
  onChanged(): void;
  /** Opens another page by key in the editor; false when there is no such page. */
  onOpenPage(key: string): boolean;
  /** A first toast, said inside the editor (頁面已建立 when 新增頁面 opens it). */
  greeting?: string;
}

export function PageEditor({ page: initialPage, defaults, onClose, onSaved, onChanged, onOpenPage, greeting }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const contentLabelId = useId();
  const client = useQueryClient();
  const confirm = useConfirm();
  const choice = useChoiceDialog();
  const [notice, setNotice] = useNotice();
  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLDivElement>();
  const [page, setPage] = useState(initialPage);
  // What the server holds of the editor's work (the draft if any, else the published page) and the editor's work now.
  const [persisted, setPersisted] = useState(() => draftOf(initialPage, defaults));
  const [draft, setDraft] = useState(persisted);
  // Read by saves that finish later than the render that started them.
  const latest = useRef({ draft, persisted, revision: initialPage.revision, page: initialPage });
  const [openedDraftAt, setOpenedDraftAt] = useState(initialPage.draft ? initialPage.draft_saved_at : null);
  // Bumped when the draft is replaced from outside (a restore, a reload): the editors' own state starts again.
  const [version, setVersion] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const [busy, setBusy] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  const [layout, setLayout] = useState<Layout>("edit");
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  const [htmlMode, setHtmlMode] = useState<Exclude<EditingMode, "builder">>("richText");
  const [findings, setFindings] = useState<Finding[]>([]);
  // The settings' phone and LINE: a button that follows an empty one is a finding.
  const links = useSiteLinks();
  // The pages' names, so the findings' places say where a button goes in words.
  const pageNames = usePageNames();
  const builderRef = useRef<PageBuilderHandle>(null);
  /** A finding whose 前往修改 was chosen before publishing, opened once the builder is on screen. */
  const [pendingFix, setPendingFix] = useState<Finding | null>(null);
  useEffect(() => {
    if (!pendingFix || !builderRef.current) return;
    // After the findings dialog has closed and handed the focus back: the element's dialog then takes it.
    const frame = requestAnimationFrame(() => {
      builderRef.current?.fix(pendingFix);
      setPendingFix(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [pendingFix, layout]);
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [restoring, setRestoring] = useState<number | null>(null);
  // The editor's requests, one at a time: a publish never races an autosave with the same base revision.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // The tree left for rich text and the HTML it became: back to 視覺編輯 with that HTML untouched, the tree itself
  // returns (the parser knows older pages' markup, not the generated one, which would come back as one code element).
  const leftTree = useRef<{ tree: BuilderTree; html: string } | null>(null);

  const snapshot = useMemo(() => JSON.stringify(draft), [draft]);
  const persistedSnapshot = useMemo(() => JSON.stringify(persisted), [persisted]);
  // Autosaved work is not unsaved: only what the server does not hold yet asks before leaving.
  const dirty = snapshot !== persistedSnapshot;
  useUnsavedChangesWarning(dirty, UNSAVED);
  const isJson = draft.home !== null || draft.servicesPage !== null;
  const builderPage = canUseBuilder(page.page_key);
  const autosaveEnabled = builderPage && page.id > 0;
  const mode: EditingMode = draft.builder ? "builder" : htmlMode;
  const name = pageName(page);
  // What visitors see now: the saved page, whatever the editor holds.
  const live = isLive(page);

  useEffect(() => {
    latest.current.draft = draft;
  }, [draft]);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    if (greeting) setNotice({ tone: "success", text: greeting });
  }, [greeting, setNotice]);

  // A built page's findings, shown on their elements and listed before publishing: checked once editing pauses (as the builder would itself).
  useEffect(() => {
    const tree = draft.builder;
    const timer = setTimeout(() => {
      const next = tree ? findingsOf(tree, { links }) : [];
      setFindings((current) => (sameFindings(current, next) ? current : next));
    }, FINDINGS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.builder, links]);

  function one<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.current.then(task);
    queue.current = run.catch(() => undefined);
    return run;
  }

  const update = (patch: Partial<PageDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (Object.keys(errors).length > 0) setErrors({});
  };

  function holdsNow(next: PageDraft) {
    latest.current.persisted = next;
    setPersisted(next);
  }

  function takeRevision(next: Page) {
    latest.current.revision = next.revision;
    latest.current.page = next;
    setPage(next);
  }

  /** The server's page replaces the editor's work (the latest version loaded, the draft discarded, a version restored). */
  function openPage(next: Page) {
    takeRevision(next);
    leftTree.current = null;
    const opened = draftOf(next, defaults);
    holdsNow(opened);
    latest.current.draft = opened;
    setDraft(opened);
    setOpenedDraftAt(next.draft ? next.draft_saved_at : null);
    setErrors({});
    setVersion((count) => count + 1);
    autosave.reset();
  }

  function autosaveNow(): Promise<AutosaveOutcome> {
    return one(async (): Promise<AutosaveOutcome> => {
      const sent = latest.current.draft;
      // Nothing left to save (another save took it, or the work was replaced meanwhile).
      if (JSON.stringify(sent) === JSON.stringify(latest.current.persisted)) return { outcome: "saved", at: new Date().toISOString(), more: false };
      const refused = Object.values(draftErrors(sent));
      if (refused.length > 0) return { outcome: "failed", reason: refused[0]! };
      try {
        const result = await updatePage(page.page_key, updatePayload(sent, latest.current.revision, true));
        takeRevision(result.data);
        holdsNow(sent);
        return { outcome: "saved", at: result.data.draft_saved_at ?? new Date().toISOString(), more: latest.current.draft !== sent };
      } catch (error) {
        if (isRevisionConflict(error)) {
          void resolveConflict("autosave");
          return { outcome: "conflict" };
        }
        console.warn("自動儲存失敗", error);
        return { outcome: "failed", reason: error instanceof ApiError && error.errors.content ? error.errors.content : errorMessage(error, "自動儲存失敗，請檢查網路連線") };
      }
    });
  }

  const autosave = usePageAutosave({ enabled: autosaveEnabled, snapshot, persisted: persistedSnapshot, paused: saving, save: autosaveNow });

  /** Someone saved the page since this editor's revision: their version or ours, as the person chooses. */
  async function resolveConflict(kind: "autosave" | "publish") {
    autosave.conflicted();
    const answer = await choice.ask({
      title: "這個頁面已在其他地方修改",
      message: CONFLICT_MESSAGE,
      choices: [
        { value: "reload", label: "載入最新版本" },
        { value: "keep", label: "保留我的版本", tone: "primary" },
      ],
      testId: "page-conflict-dialog",
    });
    if (answer === null) return;
    let current: Page;
    try {
      current = await fetchLatestPage(page.page_key);
    } catch (error) {
      console.warn("載入最新版本失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, "載入最新版本失敗") });
      return;
    }
    if (answer === "reload") {
      openPage(current);
      setNotice({ tone: "success", text: "已載入最新版本" });
      onChanged();
      return;
    }
    // Ours over theirs: the server's revision becomes the base, and the save is made again.
    takeRevision(current);
    if (kind === "publish") void publish(true);
    else void autosave.retry();
  }

  async function requestClose() {
    // Work waiting for its autosave is saved now rather than lost or asked about.
    if (dirty && autosaveEnabled && (await autosave.flush())) {
      onClose();
      return;
    }
    if (dirty && !(await confirm({ title: "關閉編輯器", message: UNSAVED, confirmLabel: "離開，不儲存" }))) return;
    onClose();
  }

  async function openServicesPage() {
    if (dirty && !(await confirm({ title: "前往服務項目頁面", message: UNSAVED, confirmLabel: "離開，不儲存" }))) return;
    if (!onOpenPage("services_page")) setNotice({ tone: "error", text: SERVICES_PAGE_MISSING });
  }

  async function changeMode(next: EditingMode) {
    if (next === mode) return;
    if (next === "builder") {
      const left = leftTree.current;
      leftTree.current = null;
      if (left && left.html === draft.html) {
        update({ builder: left.tree, html: "" });
        setNotice({ tone: "success", text: BACK_TO_BUILDER });
        return;
      }
      const { tree, keptAsCode } = treeFromRichText(draft.html);
      update({ builder: tree, html: "" });
      setNotice({ tone: keptAsCode > 0 ? "error" : "success", text: parsedNotice(keptAsCode) });
      return;
    }
    if (draft.builder) {
      const target = next === "source" ? "HTML 原始碼" : "富文字";
      const asked = await confirm({ title: `改用${target}編輯`, message: TO_RICH_TEXT_WARNING, confirmLabel: `改用${target}`, tone: "primary" });
      if (!asked) return;
      const html = richTextOfTree(draft.builder);
      leftTree.current = { tree: draft.builder, html };
      update({ builder: null, html });
    }
    setHtmlMode(next);
  }

  /**
   * 發布 (or 儲存草稿 with 立即發布 off): `checked` when the findings were already accepted (a conflict's retry).
   * A live page stays live: only 下架 takes it offline (a restored draft version's 草稿 does not).
   */
  async function publish(checked = false) {
    if (savingNow.current) return;
    // The work as it is now (a conflict's retry runs after the render that asked).
    const sent = isLive(latest.current.page) ? { ...latest.current.draft, is_active: true } : latest.current.draft;
    const found = draftErrors(sent);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setNotice({ tone: "error", text: "有欄位需要修正，請檢查標示的欄位" });
      focusFirstError();
      return;
    }
    if (sent.builder && !checked) {
      const current = findingsOf(sent.builder, { links });
      setFindings(current);
      if (current.length > 0) {
        const answer = await choice.ask({
          title: "發布前的檢查",
          message: FINDINGS_QUESTION,
          items: findingItems(sent.builder, current, pageNames),
          choices: [
            { value: "back", label: "返回修改" },
            { value: "publish", label: "仍要發布", tone: "primary" },
          ],
          testId: "publish-findings-dialog",
        });
        const toFix = findingOfAnswer(answer, current);
        if (toFix) {
          // The builder is not on screen in 預覽: it comes back first, and the effect below opens the element's dialog.
          if (layout === "preview") setLayout("edit");
          setPendingFix(toFix);
        }
        if (answer !== "publish") return;
      }
    }
    savingNow.current = true;
    setSaving(true);
    try {
      const result = await one(() => (page.id > 0 ? updatePage(page.page_key, updatePayload(sent, latest.current.revision, false)) : createPage(pagePayload(sent))));
      onSaved(result.message || (page.id > 0 ? PAGE_MESSAGES.saved : PAGE_MESSAGES.created));
    } catch (error) {
      if (page.id > 0 && isRevisionConflict(error)) {
        void resolveConflict("publish");
        return;
      }
      console.warn("儲存頁面失敗", error);
      const fieldErrors = error instanceof ApiError ? error.errors : {};
      setErrors(fieldErrors);
      const contentError = fieldErrors.content;
      setNotice({ tone: "error", text: contentError || errorMessage(error, "儲存頁面失敗") });
      if (Object.keys(fieldErrors).some((field) => field !== "content")) focusFirstError();
    } finally {
      savingNow.current = false;
      setSaving(false);
    }
  }

  /** 下架 (decision 042): asked in our dialog naming the page and its address; the editor's work stays as it is. */
  async function unpublish() {
    const asked = await confirm({
      title: "下架頁面",
      message: unpublishQuestion(page.page_key),
      items: [`${name}（${pageAddressOf(page.page_key)}）`],
      confirmLabel: "下架",
    });
    if (!asked) return;
    setUnpublishing(true);
    try {
      const result = await one(() => unpublishPage(page.page_key));
      takeRevision(result.data);
      // The server's draft no longer says 立即發布; the editor's work, saved or not, keeps everything else.
      holdsNow({ ...latest.current.persisted, is_active: false });
      setDraft((current) => ({ ...current, is_active: false }));
      setNotice({ tone: "success", text: result.message || PAGE_MESSAGES.unpublished });
      onChanged();
    } catch (error) {
      console.warn("下架頁面失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, "下架頁面失敗") });
    } finally {
      setUnpublishing(false);
    }
  }

  async function discardDraft() {
    const asked = await confirm({
      title: "放棄草稿",
      message: "確定要放棄自動儲存的草稿嗎？頁面會回到目前發布的內容，草稿中的變更（包括這次的編輯）將會遺失。",
      items: [`${name}（${formatDateTime(openedDraftAt)} 自動儲存）`],
      confirmLabel: "放棄草稿",
    });
    if (!asked) return;
    setBusy(true);
    try {
      const result = await one(() => discardPageDraft(page.page_key));
      openPage(result.data);
      setNotice({ tone: "success", text: result.message || PAGE_MESSAGES.draftDiscarded });
      onChanged();
    } catch (error) {
      console.warn("放棄草稿失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, "放棄草稿失敗") });
    } finally {
      setBusy(false);
    }
  }

  /** The version becomes the page's draft (decision 032): the public page changes only when it is published. */
  async function restore(revision: PageRevision) {
    // Autosaved work is kept as a version by the restore; work an editor without autosave holds is not.
    const draftKept = openedDraftAt !== null || (dirty && autosaveEnabled);
    const asked = await confirm({
      title: "還原版本",
      message: `要把這個版本還原為草稿嗎？網站上的頁面不會改變，按「發布」後才會換成這個版本。${draftKept ? "目前的草稿會保留在版本紀錄中。" : ""}${dirty && !autosaveEnabled ? "這裡尚未儲存的變更將會遺失。" : ""}`,
      items: [`${revision.title}（${formatDateTime(revision.made_at ?? revision.created_at)} 的版本）`],
      confirmLabel: "還原",
      tone: "primary",
    });
    if (!asked) return;
    setRestoring(revision.id);
    try {
      // Typing not yet autosaved is stored first, so the restore keeps it as a version.
      if (dirty && autosaveEnabled) await autosave.flush();
      const result = await one(() => restoreRevision(page.page_key, revision.id));
      openPage(result.data);
      setRevisionsOpen(false);
      setNotice({ tone: "success", text: result.message || PAGE_MESSAGES.restored });
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
  const publishLabel = saving ? "儲存中..." : live || draft.is_active ? "發布" : "儲存草稿";

  // The preview follows the editing a moment behind, so typing in a long page never waits for it.
  const previewed = useDeferredValue(draft);
  const tokens = useMemo(() => themeTokens(), []);
  const preview = useMemo(() => {
    if (!showPreview || isJson) return "";
    const built = previewed.builder !== null;
    return previewDocument({ title: previewed.title, html: previewed.builder ? renderTree(previewed.builder).html : previewed.html, built, tokens });
  }, [showPreview, isJson, previewed, tokens]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Only the editor's own: the dialogs opened inside keep theirs (ModalDialog, decision 039).
        event.preventDefault();
        void requestClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-gray-100 p-0 text-gray-900"
      data-testid="page-editor"
    >
      {/* On a phone the whole editor scrolls and only the header's one row stays (decision 040: the fixed bars took a quarter of the screen). */}
      <div className="flex h-full flex-col max-md:overflow-y-auto">
        <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-3 py-2 max-md:sticky max-md:top-0 max-md:z-20 sm:px-4">
          <button type="button" onClick={() => void requestClose()} aria-label="關閉編輯器" className={smallButton}>
            <X aria-hidden size={18} />
          </button>
          <div className="min-w-0 flex-1 basis-24 md:basis-48">
            <h2 id={titleId} className="truncate text-lg font-semibold">
              編輯頁面：{name}
            </h2>
            <p className="text-xs text-gray-600">
              {/* Where visitors find it, never the record's key or id (issue 25). */}
              網址：{pageAddressOf(page.page_key)}
              {page.id > 0 ? "" : "（尚未建立，儲存後建立）"}
              {dirty && !autosaveEnabled ? <span className="ml-2 font-medium text-amber-800">有未儲存的變更</span> : null}
            </p>
          </div>
          {/* No room in the header's one row on a phone: there they sit in the bar below, which scrolls away. */}
          <div className="contents max-md:hidden">
            <PageLinks path={publicPathOf(page.page_key)} address={pageAddressOf(page.page_key)} onRevisions={() => setRevisionsOpen(true)} previewTestId="open-preview" />
          </div>
          {autosaveEnabled ? (
            <AutosaveStatus state={autosave.state} onRetry={() => void (autosave.state.status === "conflict" ? resolveConflict("autosave") : autosave.retry())} />
          ) : null}
          <button
            type="button"
            onClick={() => void publish()}
            disabled={saving}
            className={`inline-flex min-h-11 items-center rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white shadow hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}
            data-testid="publish-page"
          >
            {publishLabel}
          </button>
        </header>

        {openedDraftAt ? <DraftNotice savedAt={openedDraftAt} restoredFrom={page.draft?.restored_from ?? null} busy={busy} onDiscard={() => void discardDraft()} /> : null}

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
            <SegmentedControl<EditingMode>
              label="編輯方式"
              value={mode}
              onChange={(next) => void changeMode(next)}
              options={(builderPage ? (["builder", "richText", "source"] as const) : (["richText", "source"] as const)).map((value) => ({ value, label: EDITING_MODE_LABELS[value] }))}
            />
          ) : null}
          <div className="flex flex-wrap gap-2 md:hidden">
            <PageLinks path={publicPathOf(page.page_key)} address={pageAddressOf(page.page_key)} onRevisions={() => setRevisionsOpen(true)} />
          </div>
        </div>

        <div ref={formRef} className="flex min-h-0 flex-1 flex-col max-md:flex-none md:overflow-y-auto lg:flex-row lg:overflow-hidden">
          <PageSettingsPanel
            draft={draft}
            errors={errors}
            onChange={update}
            published={{ live, created: page.id > 0, address: pageAddressOf(page.page_key), unpublishing, onUnpublish: () => void unpublish() }}
          />

          <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
            {showEditor ? (
              <ContentArea labelledBy={contentLabelId} named={!draft.builder} className={`min-w-0 flex-1 space-y-4 p-4 lg:overflow-y-auto ${showPreview ? "lg:border-r lg:border-gray-200" : ""}`}>
                <h3 id={contentLabelId} className="text-base font-semibold">
                  頁面內容
                </h3>
                {draft.home ? (
                  <HomeServicesEditor key={version} value={draft.home} errors={errors} onChange={(home) => update({ home })} onOpenServicesPage={() => void openServicesPage()} />
                ) : draft.servicesPage ? (
                  <ServicesPageEditor key={version} value={draft.servicesPage} errors={errors} onChange={(servicesPage) => update({ servicesPage })} />
                ) : draft.builder ? (
                  <PageBuilderEditor key={version} ref={builderRef} value={draft.builder} onChange={(builder) => update({ builder })} labelledBy={contentLabelId} findings={findings} />
                ) : htmlMode === "richText" ? (
                  <RichTextEditor value={draft.html} labelledBy={contentLabelId} pictures={builderPage} onChange={(html) => update({ html })} />
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
              </ContentArea>
            ) : null}
            {showPreview ? (
              <section aria-label="預覽" tabIndex={0} className={`min-w-0 flex-1 overflow-auto bg-gray-200 p-4 ${focusRing}`} data-testid="page-preview">
                {/* The chosen width exactly (the page's layout changes at 768 px); a narrower area scrolls sideways. */}
                <div className="mx-auto h-full min-h-96 bg-white shadow" style={{ width: DEVICE_WIDTHS[device] ?? undefined }} data-testid="page-preview-frame" data-device={device}>
                  {previewed.servicesPage ? (
                    <ServicesPagePreview content={previewed.servicesPage} />
                  ) : isJson ? (
                    <div className="space-y-3 p-6 text-gray-800" data-testid="json-preview-note">
                      <p>這個頁面的版面由前台元件呈現，無法在這裡預覽。請使用「在新視窗預覽」查看前台的實際樣子（發布後才會顯示最新內容）。</p>
                      <a href={publicPathOf(page.page_key)} target="_blank" rel="noopener noreferrer" className={`${smallButton} text-blue-700`}>
                        <ExternalLink aria-hidden size={16} />
                        開啟前台預覽（{pageAddressOf(page.page_key)}）
                      </a>
                    </div>
                  ) : (
                    // No script runs in it (no allow-scripts); same origin so the pictures load, /uploads answering only its own origin.
                    <iframe title="頁面內容預覽" sandbox="allow-same-origin" srcDoc={preview} className="h-full min-h-96 w-full" />
                  )}
                </div>
              </section>
            ) : null}
          </div>
        </div>
      </div>

      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="page-editor-notice" errorTestId="page-editor-error" />
      {choice.dialog}
      <RevisionsPanel<PageRevision>
        open={revisionsOpen}
        queryKey={revisionsQueryKey(page.page_key)}
        load={(signal) => fetchRevisions(page.page_key, signal)}
        stored={page.id > 0}
        notStoredText="這個頁面還沒有儲存過，儲存後每次變更都會留下版本紀錄。"
        statusOf={(revision) => (revision.is_active ? "已發布" : "草稿")}
        savedAs={(revision) => (revision.is_active ? "發布" : "儲存草稿")}
        restoreNote="還原會把這個版本放進草稿，網站上的頁面不會改變，發布後才會換成這個版本。"
        renderPreview={(revision) => <PageVersionPreview revision={revision} />}
        busyId={restoring}
        onClose={() => setRevisionsOpen(false)}
        onRestore={(revision) => void restore(revision)}
      />
    </dialog>
  );
}

/** 版本紀錄 and the public page in a new window. */
function PageLinks({ path, address, onRevisions, previewTestId }: { path: string; address: string; onRevisions(): void; previewTestId?: string }) {
  return (
    <>
      <button type="button" onClick={onRevisions} className={smallButton}>
        <History aria-hidden size={16} />
        版本紀錄
      </button>
      <a href={path} target="_blank" rel="noopener noreferrer" className={smallButton} data-testid={previewTestId}>
        <ExternalLink aria-hidden size={16} />
        在新視窗預覽
        <span className="sr-only">（開啟 {address}）</span>
      </a>
    </>
  );
}

/** The content's area: a region named by its heading, except around the builder, which is that region itself (one landmark per name). */
function ContentArea({ labelledBy, named, className, children }: { labelledBy: string; named: boolean; className: string; children: ReactNode }) {
  return named ? (
    <section aria-labelledby={labelledBy} className={className} data-testid="page-content-editor">
      {children}
    </section>
  ) : (
    <div className={className} data-testid="page-content-editor">
      {children}
    </div>
  );
}
