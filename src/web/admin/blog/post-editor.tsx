// The full-screen news editor (002 §2.1, §4, §5): the side panel's settings,
// the rich text with pictures from the media library, edit / split / preview
// at desktop, 768 px and 375 px, the public post in a new window once it has an
// address, 版本紀錄 (a version looked at, then loaded into the editor unsaved:
// the save makes it live, decision 032), and the save button (更新 for a published
// post, else what the save does: 發布, 排程發布, 儲存草稿, 封存). Saving is
// blocked while a save runs; a draft saves itself a few seconds after the last
// change (never a published post); leaving with changes asks first.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink, History, Undo2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { BLOG_MESSAGES, blogStatusLabels, parsePublishTime, type BlogPost, type BlogPostRevision, type BlogStatus } from "#contract/blog.ts";
import { focusRing, NoticeArea, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { actionFailure, fieldErrorsOf, type FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { FieldError } from "#web/admin/shared/form-field-parts.tsx";
import { RevisionsPanel } from "#web/admin/shared/revisions-panel.tsx";
import { RichTextEditor } from "#web/admin/shared/rich-text-editor.tsx";
import { useUnsavedChangesWarning } from "#web/admin/shared/use-unsaved-changes-warning.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { createPost, fetchCategories, fetchRevisions, fetchTags, fetchVersion, updatePost } from "./blog-api.ts";
import { BLOG_TEXT, CATEGORIES_QUERY_KEY, POSTS_QUERY_KEY, revisionsQueryKey, TAGS_QUERY_KEY } from "./blog-list.ts";
import {
  AUTOSAVE_DELAY_MS,
  autosaveStatus,
  canAutosave,
  formOf,
  mergeAnswer,
  payloadOf,
  publicPostPath,
  publishTimeNote,
  sameForm,
  saveLabel,
  slugFollowsTitle,
  titleChange,
  validatePost,
  type Autosaved,
  type PostForm,
  type Saving,
} from "./post-form.ts";
import { PREVIEW_WIDTHS, previewDocument, type PreviewDevice } from "./post-preview.ts";
import { postIds, PostSettingsPanel } from "./post-settings-panel.tsx";
import { PostVersionPreview, versionQueryKey } from "./post-version-preview.tsx";
import { ViewModeBar, type ViewMode } from "./view-mode-bar.tsx";


interface PostEditorProps {
  /** The stored post; null for a new one. */
  post: BlogPost | null;
  /** Where 返回列表 leads: the list with the filters it was left with. */
  listPath: string;
  /** A new post was stored (by 發布 or by an autosave): its address follows once nothing waits to be saved. */
  onCreated(post: BlogPost): void;
}

export function PostEditor({ post: initial, listPath, onCreated }: PostEditorProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const contentLabelId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { postId } = useParams();
  const client = useQueryClient();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLDivElement>();
  const [stored, setStored] = useState(initial);
  const [saved, setSaved] = useState(() => formOf(initial));
  const [form, setForm] = useState(saved);
  const [followSlug, setFollowSlug] = useState(() => slugFollowsTitle(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState<Saving>(null);
  const [autosaved, setAutosaved] = useState<Autosaved>(null);
  const [mode, setMode] = useState<ViewMode>("edit");
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const [restoring, setRestoring] = useState<number | null>(null);
  // A version loaded by 還原 and not saved yet: when it was made (the save says it restores it).
  const [restoredFrom, setRestoredFrom] = useState<string | null>(null);
  const categories = useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: ({ signal }) => fetchCategories(signal) });
  const tags = useQuery({ queryKey: TAGS_QUERY_KEY, queryFn: ({ signal }) => fetchTags(signal) });

  const dirty = !sameForm(form, saved);
  useUnsavedChangesWarning(dirty, BLOG_TEXT.unsaved);

  const mounted = useRef(false);
  // Once, when the editor opens: shown as a modal, so the screen behind it is inert.
  useEffect(() => {
    const element = dialog.current;
    mounted.current = true;
    if (element && !element.open) element.showModal();
    // A new post starts at its title; a stored one at the top of the editor.
    if (!initial) document.getElementById(postIds.field("title"))?.focus();
    return () => {
      mounted.current = false;
      element?.close();
    };
  }, []);

  /** Leaving goes through the router, whose blocker asks first when changes wait. */
  const leave = () => void navigate(listPath);

  // A new post, once stored, takes its own address; only when nothing waits to be saved, or leaving would ask.
  useEffect(() => {
    if (stored && postId !== String(stored.id) && !dirty) void navigate(`/admin/blog/${stored.id}`, { replace: true, state: location.state });
  }, [stored, postId, dirty, navigate, location.state]);

  // A draft saves itself a few seconds after the last change (persist reads the state these name).
  useEffect(() => {
    if (!dirty || saving || !canAutosave(stored, form) || Object.keys(validatePost(form)).length > 0) return;
    const timer = setTimeout(() => void persist(true), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, saved, saving, stored, dirty]);

  const change = (patch: Partial<PostForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setAutosaved((current) => (current?.ok === false ? null : current));
  };

  async function persist(autosave: boolean) {
    const sent = form;
    const sentFrom = restoredFrom;
    const wasNew = stored === null;
    setSaving(autosave ? "auto" : "manual");
    try {
      const body = { ...payloadOf(sent, stored, { autosave }), ...(sentFrom ? { restored_from: sentFrom } : {}) };
      const result = stored ? await updatePost(stored.id, body) : await createPost(body);
      const post = result.data.post;
      const answered = formOf(post);
      setRestoredFrom((current) => (current === sentFrom ? null : current));
      setStored(post);
      setSaved(answered);
      // What was typed while the save ran stays; the rest takes the stored values (a unique slug, tidied tags).
      setForm((current) => mergeAnswer(sent, current, answered));
      setFollowSlug((follow) => follow && slugFollowsTitle(post));
      if (autosave) setAutosaved({ ok: true, at: post.updated_at });
      else {
        setAutosaved(null);
        setErrors({});
        setNotice({ tone: "success", text: result.message || (wasNew ? BLOG_MESSAGES.created : BLOG_MESSAGES.updated) });
      }
      if (wasNew) onCreated(post);
      // The list, the counts of categories and tags (new tags are created on save) and the versions follow.
      void Promise.all([POSTS_QUERY_KEY, CATEGORIES_QUERY_KEY, TAGS_QUERY_KEY, revisionsQueryKey(post.id)].map((queryKey) => client.invalidateQueries({ queryKey })));
    } catch (error) {
      console.warn(autosave ? "自動儲存草稿失敗" : BLOG_TEXT.saveFailed, error);
      if (autosave) {
        setAutosaved({ ok: false });
        return;
      }
      const fieldErrors = fieldErrorsOf(error);
      setErrors(fieldErrors);
      setNotice({ tone: "error", text: fieldErrors.content || actionFailure(error, BLOG_TEXT.saveFailed) });
      if (fieldErrors.content && mode === "preview") setMode("edit");
      if (Object.keys(fieldErrors).length > 0) focusFirstError();
    } finally {
      setSaving(null);
    }
  }

  async function save() {
    if (saving) return;
    const found = validatePost(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      const messages = Object.values(found);
      setNotice({ tone: "error", text: messages.length === 1 ? messages[0]! : BLOG_TEXT.fixFields });
      focusFirstError();
      return;
    }
    await persist(false);
  }

  /**
   * 還原 loads the version's words into the editor, unsaved (decision 032): its status, time and
   * address stay the post's own, and nothing reaches visitors until the post is saved (a draft
   * saves itself as usual; a published post waits for 更新).
   */
  async function restore(revision: BlogPostRevision) {
    if (!stored) return;
    const when = formatDateTime(revision.made_at ?? revision.created_at);
    const live = stored.status === "published" || stored.status === "scheduled";
    const asked = await confirm({
      title: "還原版本",
      message: `要把這個版本載入編輯器嗎？${live ? "網站上的文章不會改變，按「更新」後才會換成這個版本。" : "載入後會像其他變更一樣儲存為草稿。"}目前的內容會保留在版本紀錄中。${dirty ? "這裡尚未儲存的變更將會被取代。" : ""}`,
      items: [`${revision.title}（${when} 的版本）`],
      confirmLabel: "還原",
      tone: "primary",
    });
    if (!asked) return;
    setRestoring(revision.id);
    try {
      const version = await client.fetchQuery({ queryKey: versionQueryKey(stored.id, revision.id), queryFn: ({ signal }) => fetchVersion(stored.id, revision.id, signal) });
      const words = formOf({ ...stored, ...version, category_name: "", category_slug: "" });
      // The words come back; where the post stands does not (restoring text never takes a published post off the site or moves its address).
      change({ ...words, slug: form.slug, status: form.status, published_at: form.published_at });
      setRestoredFrom(version.made_at ?? version.created_at);
      setErrors({});
      setRevisionsOpen(false);
      setNotice({ tone: "success", text: BLOG_MESSAGES.restored });
    } catch (error) {
      console.warn("載入版本失敗", error);
      setNotice({ tone: "error", text: actionFailure(error, "載入版本失敗") });
    } finally {
      setRestoring(null);
    }
  }

  /** 取消還原: back to what is stored. */
  function undoRestore() {
    setForm(saved);
    setRestoredFrom(null);
  }

  const now = new Date();
  const showEditor = mode !== "preview";
  const showPreview = mode !== "edit";
  const publishTime = parsePublishTime(form.published_at);
  const categoryName = categories.data?.find((category) => String(category.id) === form.category_id)?.name ?? "";
  const status = autosaveStatus(saving, autosaved, dirty);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // Only the editor's own: the dialogs opened inside keep theirs (ModalDialog, decision 039).
      onCancel={(event) => {
        event.preventDefault();
        leave();
      }}
      onClose={() => {
        // The browser closed it without asking (a repeated Escape): it stays open until the route is left.
        if (!mounted.current) return;
        dialog.current?.showModal();
        leave();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-gray-100 p-0 text-gray-900"
      data-testid="post-editor"
    >
      <div className="flex h-full flex-col">
        <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-3 py-2 sm:px-4">
          <button type="button" onClick={leave} className={headerButton}>
            <ArrowLeft aria-hidden size={18} />
            返回列表
          </button>
          <div className="min-w-0 flex-1 basis-40">
            {/* The editor is the whole screen: its title is the page's heading. */}
            <h1 id={titleId} className="truncate text-lg font-semibold">
              {stored ? `編輯文章：${stored.title}` : "新增文章"}
            </h1>
            <p className="flex flex-wrap gap-x-2 text-xs text-gray-600">
              {stored ? <span data-testid="post-stored-status">{blogStatusLabels[stored.status]}</span> : <span>尚未儲存</span>}
              <span role="status" className={status.tone === "error" ? "font-medium text-red-700" : status.tone === "warn" ? "font-medium text-amber-800" : ""} data-testid="autosave-status">
                {status.text}
              </span>
            </p>
          </div>
          {stored ? (
            <button type="button" onClick={() => setRevisionsOpen(true)} className={headerButton}>
              <History aria-hidden size={16} />
              版本紀錄
            </button>
          ) : null}
          {stored?.slug ? (
            <a
              href={publicPostPath(stored.slug)}
              target="_blank"
              rel="noopener noreferrer"
              className={headerButton}
              data-testid="open-public-post"
            >
              <ExternalLink aria-hidden size={16} />
              {/* Only a published post is there for visitors; the others open 文章不存在 until then. */}
              {stored.status === "published" ? "查看文章" : "查看文章（尚未公開）"}
              <span className="sr-only">（在新視窗開啟）</span>
            </a>
          ) : null}
          <button
            type="button"
            onClick={() => void save()}
            disabled={saving !== null}
            className={`inline-flex min-h-11 items-center rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white shadow hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}
            data-testid="save-post"
          >
            {saving === "manual" ? "儲存中..." : saveLabel(stored?.status ?? null, form.status)}
          </button>
        </header>

        {restoredFrom ? (
          <div className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:px-4" data-testid="post-restored-notice">
            <p className="flex-1 basis-64">
              已載入 <time dateTime={restoredFrom}>{formatDateTime(restoredFrom)}</time> 的版本，尚未儲存。
              {stored?.status === "published" || stored?.status === "scheduled" ? "網站上的文章不會改變，按「更新」後才會換成這個版本。" : "儲存後會取代目前的草稿。"}
            </p>
            <button type="button" onClick={undoRestore} className={headerButton}>
              <Undo2 aria-hidden size={16} />
              取消還原
            </button>
          </div>
        ) : null}

        <ViewModeBar mode={mode} onMode={setMode} device={device} onDevice={setDevice} />

        <div ref={formRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
          <aside className="shrink-0 border-b border-gray-200 bg-white p-4 lg:w-96 lg:overflow-y-auto lg:border-r lg:border-b-0" aria-label="文章設定" data-testid="post-settings">
            <PostSettingsPanel
              form={form}
              errors={errors}
              categories={categories.data ?? []}
              tags={tags.data ?? []}
              slugFollows={followSlug}
              timeNote={publishTimeNote(form, now)}
              onTitle={(title) => change(titleChange(title, followSlug))}
              onSlug={(slug) => {
                // Typed by hand, the slug stays; emptied, it follows the title again.
                setFollowSlug(slug === "");
                change({ slug });
              }}
              onChange={change}
            />
          </aside>

          <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
            {showEditor ? (
              <section aria-labelledby={contentLabelId} className={`min-w-0 flex-1 space-y-3 p-4 lg:overflow-y-auto ${showPreview ? "lg:border-r lg:border-gray-200" : ""}`} data-testid="post-content-editor">
                <h2 id={contentLabelId} className="text-base font-semibold">
                  文章內容
                </h2>
                <RichTextEditor value={form.content} labelledBy={contentLabelId} pictures onChange={(content) => change({ content })} />
                <FieldError ids={postIds} field="content" error={errors.content} />
              </section>
            ) : null}
            {showPreview ? (
              <section aria-label="預覽" tabIndex={0} className={`min-w-0 flex-1 overflow-auto bg-gray-200 p-4 ${focusRing}`} data-testid="post-preview">
                <div className="mx-auto h-full min-h-96 bg-white shadow" style={{ maxWidth: PREVIEW_WIDTHS[device] ?? undefined }} data-testid="post-preview-frame" data-device={device}>
                  {/* No script runs in it (no allow-scripts); its own origin lets it show the site's pictures, which are served same-origin only. */}
                  <iframe
                    title="文章預覽"
                    sandbox="allow-same-origin"
                    srcDoc={previewDocument(
                      { ...form, categoryName, publishedAt: publishTime instanceof Date ? publishTime.toISOString() : (stored?.published_at ?? null) },
                      now,
                    )}
                    className="h-full min-h-96 w-full"
                  />
                </div>
              </section>
            ) : null}
          </div>
        </div>
      </div>

      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="post-editor-notice" errorTestId="post-editor-error" />
      {stored ? (
        <RevisionsPanel<BlogPostRevision>
          open={revisionsOpen}
          queryKey={revisionsQueryKey(stored.id)}
          load={(signal) => fetchRevisions(stored.id, signal)}
          stored
          notStoredText=""
          statusOf={(revision) => blogStatusLabels[revision.status]}
          savedAs={(revision) => SAVED_AS[revision.status]}
          restoreNote="還原會把這個版本的文字載入編輯器（文章的狀態與網址不變），儲存後才會取代目前的內容。"
          renderPreview={(revision) => <PostVersionPreview postId={stored.id} revision={revision} categories={categories.data ?? []} />}
          busyId={restoring}
          onClose={() => setRevisionsOpen(false)}
          onRestore={(revision) => void restore(revision)}
        />
      ) : null}
    </dialog>
  );
}

/** What a save by hand did, by the status it left the post in. */
const SAVED_AS: Record<BlogStatus, string> = { published: "發布", draft: "儲存草稿", scheduled: "排程發布", archived: "封存" };

const headerButton = `inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`;
