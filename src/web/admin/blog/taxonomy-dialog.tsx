// 分類與標籤 (002 §3): the news categories and tags, each with how many posts
// use it; created, renamed in place and deleted after our confirmation, which
// names it and says what becomes of its posts (a category's become
// uncategorised, a tag leaves them). Posts need them, so they live beside the
// list.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, FolderTree, Pencil, Plus, Tags, Trash2, X } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { AdminDialog, useUnsavedValuesInDialog } from "#web/admin/shared/admin-dialog.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice, type Notice } from "#web/admin/shared/admin-notice.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import { actionFailure, fieldErrorsOf, type FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { markedPanelId, MarkedTabList, markedTabId, type MarkedTab } from "#web/admin/shared/marked-tabs.tsx";
import { createCategory, createTag, deleteCategory, deleteTag, fetchCategories, fetchTags, renameTag, updateCategory } from "./blog-api.ts";
import { CATEGORIES_QUERY_KEY, POSTS_QUERY_KEY, TAGS_QUERY_KEY } from "./blog-list.ts";
import { deleteTermItem, postCountLabel, TERM_TEXT, termBody, valuesOf, type Term, type TermKind, type TermValues } from "./taxonomy.ts";

const TABS: ReadonlyArray<MarkedTab<TermKind>> = [
  { id: "category", label: "分類", icon: FolderTree },
  { id: "tag", label: "標籤", icon: Tags },
];
const NO_ERRORS = {};
const NOTHING_CHANGED = new Set<TermKind>();

export function TaxonomyDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <AdminDialog open={open} title="分類與標籤" onClose={onClose} size="lg">
      {open ? <TaxonomyManager /> : null}
    </AdminDialog>
  );
}

function TaxonomyManager() {
  const [kind, setKind] = useState<TermKind>("category");
  const [notice, setNotice] = useNotice();
  return (
    <div className="space-y-4" data-testid="taxonomy-manager">
      <MarkedTabList
        prefix="taxonomy"
        label="分類與標籤"
        tabs={TABS}
        active={kind}
        onSelect={(next) => {
          setKind(next);
          setNotice(null);
        }}
        errorCounts={NO_ERRORS}
        changedTabs={NOTHING_CHANGED}
        className="flex gap-2"
      />
      <div role="tabpanel" id={markedPanelId("taxonomy", kind)} aria-labelledby={markedTabId("taxonomy", kind)} data-testid={`taxonomy-panel-${kind}`}>
        <TermManager key={kind} kind={kind} notice={notice} onNotice={setNotice} />
      </div>
    </div>
  );
}

/** Each kind's calls: categories carry a slug, tags a name alone. */
const CALLS = {
  category: {
    queryKey: CATEGORIES_QUERY_KEY,
    load: (signal: AbortSignal): Promise<Term[]> => fetchCategories(signal),
    create: (body: TermValues) => createCategory(body),
    update: (id: number, body: TermValues) => updateCategory(id, body),
    remove: deleteCategory,
  },
  tag: {
    queryKey: TAGS_QUERY_KEY,
    load: (signal: AbortSignal): Promise<Term[]> => fetchTags(signal),
    create: (body: TermValues) => createTag({ name: body.name }),
    update: (id: number, body: TermValues) => renameTag(id, { name: body.name }),
    remove: deleteTag,
  },
} as const;

const smallButton = `inline-flex min-h-11 items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium disabled:opacity-50 ${focusRing}`;
const renameButtonId = (kind: TermKind, id: number) => `taxonomy-rename-${kind}-${id}`;

function TermManager({ kind, notice, onNotice }: { kind: TermKind; notice: Notice | null; onNotice(notice: Notice | null): void }) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const calls = CALLS[kind];
  const text = TERM_TEXT[kind];
  // Asked again at each opening: the counts change with every post saved.
  const terms = useQuery({ queryKey: calls.queryKey, queryFn: ({ signal }) => calls.load(signal), refetchOnMount: "always" });
  const [editing, setEditing] = useState<number | null>(null);
  const [renamed, setRenamed] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // After renaming (or not), the cursor goes back to that entry's 改名 button.
  useEffect(() => {
    if (renamed !== null) document.getElementById(renameButtonId(kind, renamed))?.focus();
  }, [renamed, kind]);

  /** The list and the posts (which show category names) are asked again. */
  async function changed(message: string) {
    onNotice({ tone: "success", text: message });
    await Promise.all([client.invalidateQueries({ queryKey: calls.queryKey }), client.invalidateQueries({ queryKey: POSTS_QUERY_KEY })]);
  }

  async function remove(term: Term) {
    const confirmed = await confirm({ title: text.deleteTitle, message: text.deleteQuestion, items: [deleteTermItem(kind, term)], confirmLabel: "刪除" });
    if (!confirmed) return;
    setBusyId(term.id);
    try {
      const result = await calls.remove(term.id);
      await changed(result.message || text.deleted);
    } catch (error) {
      console.warn(`刪除${text.noun}失敗`, error);
      onNotice({ tone: "error", text: actionFailure(error, `刪除${text.noun}失敗`) });
      void terms.refetch();
    } finally {
      setBusyId(null);
    }
  }

  const list = terms.data ?? [];
  const headingId = `taxonomy-${kind}-heading`;
  return (
    <div className="space-y-5">
      {terms.isPending ? (
        <AdminLoading label={`載入${text.noun}中...`} />
      ) : terms.isError ? (
        <LoadError message={text.loadFailed} testId="taxonomy-load-error" action={<RetryButton onRetry={() => void terms.refetch()} />} />
      ) : (
        <div>
          <h3 id={headingId} className="mb-2 font-semibold text-gray-900">
            目前的{text.noun}（{list.length}）
          </h3>
          {list.length === 0 ? (
            <p className="rounded-lg bg-gray-50 p-4 text-sm text-gray-700" data-testid="taxonomy-empty">
              {text.empty}
            </p>
          ) : (
            <div role="region" aria-labelledby={headingId} tabIndex={0} className={`max-h-72 overflow-y-auto rounded-lg border border-gray-200 ${focusRing}`}>
              <ul className="divide-y divide-gray-100" data-testid="taxonomy-list">
                {list.map((term) =>
                  editing === term.id ? (
                    <RenameRow
                      key={term.id}
                      kind={kind}
                      term={term}
                      onStored={(message) => void changed(message)}
                      onDone={() => {
                        setEditing(null);
                        setRenamed(term.id);
                      }}
                    />
                  ) : (
                    <li key={term.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="taxonomy-row">
                      <div className="min-w-0 flex-1">
                        <p className="font-medium break-words text-gray-900" data-testid="taxonomy-name">
                          {term.name}
                        </p>
                        <p className="text-xs text-gray-600">
                          {"slug" in term ? `網址代稱 ${term.slug}・` : ""}
                          <span data-testid="taxonomy-count">{postCountLabel(term)}</span>
                        </p>
                      </div>
                      <div className="flex gap-1">
                        <button type="button" id={renameButtonId(kind, term.id)} onClick={() => setEditing(term.id)} className={`${smallButton} text-blue-700 hover:bg-blue-50`}>
                          <Pencil aria-hidden size={16} />
                          改名
                          <span className="sr-only">：{term.name}</span>
                        </button>
                        <button type="button" disabled={busyId === term.id} onClick={() => void remove(term)} className={`${smallButton} text-red-700 hover:bg-red-50`}>
                          <Trash2 aria-hidden size={16} />
                          刪除
                          <span className="sr-only">：{term.name}</span>
                        </button>
                      </div>
                    </li>
                  ),
                )}
              </ul>
            </div>
          )}
        </div>
      )}
      <NoticeArea placement="inline" notice={notice} onDismiss={() => onNotice(null)} successTestId="taxonomy-notice" errorTestId="taxonomy-error" />
      <AddTermForm kind={kind} onStored={(message) => void changed(message)} onNotice={onNotice} />
    </div>
  );
}

/** Sends a category's or tag's values; the server's refusals come back by field. */
async function sendTerm(kind: TermKind, values: TermValues, id: number | null): Promise<{ ok: true; message: string } | { ok: false; errors: FieldErrors; message: string }> {
  const checked = termBody(kind, values);
  if (!checked.ok) return { ok: false, errors: checked.errors, message: "" };
  const body = { slug: "", ...checked.body };
  const text = TERM_TEXT[kind];
  try {
    const result = id === null ? await CALLS[kind].create(body) : await CALLS[kind].update(id, body);
    return { ok: true, message: result.message || (id === null ? text.created : text.updated) };
  } catch (error) {
    console.warn(`儲存${text.noun}失敗`, error);
    const errors = fieldErrorsOf(error);
    return { ok: false, errors, message: Object.keys(errors).length > 0 ? "" : actionFailure(error, `儲存${text.noun}失敗`) };
  }
}

function RenameRow({ kind, term, onStored, onDone }: { kind: TermKind; term: Term; onStored(message: string): void; onDone(): void }) {
  const ids = fieldIds(`taxonomy-rename-${kind}`);
  const [values, setValues] = useState(() => valuesOf(term));
  useUnsavedValuesInDialog(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState("");
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const noun = TERM_TEXT[kind].noun;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const outcome = await sendTerm(kind, values, term.id);
    setSaving(false);
    if (outcome.ok) {
      onStored(outcome.message);
      onDone();
      return;
    }
    setErrors(outcome.errors);
    setMessage(outcome.message);
    focusFirstError();
  }

  return (
    <li className="px-3 py-3" data-testid="taxonomy-rename">
      <form
        ref={ref}
        onSubmit={(event) => void save(event)}
        noValidate
        className="space-y-3"
        onKeyDown={(event) => {
          // Escape leaves the renaming, not the whole dialog.
          if (event.key !== "Escape") return;
          event.preventDefault();
          event.stopPropagation();
          onDone();
        }}
      >
        <div className={`grid gap-3 ${kind === "category" ? "sm:grid-cols-2" : ""}`}>
          <TextField ids={ids} field="name" label={`${noun}名稱`} required value={values.name} errors={errors} onChange={(name) => setValues((current) => ({ ...current, name }))} />
          {kind === "category" ? (
            <TextField
              ids={ids}
              field="slug"
              label="網址代稱"
              value={values.slug}
              errors={errors}
              help="改了代稱，舊的分類連結會失效；留空則依名稱產生"
              onChange={(slug) => setValues((current) => ({ ...current, slug }))}
            />
          ) : null}
        </div>
        {message ? (
          <p role="alert" className="text-sm text-red-700">
            {message}
          </p>
        ) : null}
        <div className="flex justify-end gap-1">
          <button type="submit" disabled={saving} className={`${smallButton} bg-blue-600 text-white hover:bg-blue-700`}>
            <Check aria-hidden size={16} />
            {saving ? "儲存中..." : "儲存"}
          </button>
          <button type="button" onClick={onDone} className={`${smallButton} border border-gray-300 text-gray-700 hover:bg-gray-50`}>
            <X aria-hidden size={16} />
            取消
          </button>
        </div>
      </form>
    </li>
  );
}

function AddTermForm({ kind, onStored, onNotice }: { kind: TermKind; onStored(message: string): void; onNotice(notice: Notice | null): void }) {
  const ids = fieldIds(`taxonomy-new-${kind}`);
  const [values, setValues] = useState<TermValues>({ name: "", slug: "" });
  useUnsavedValuesInDialog(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const text = TERM_TEXT[kind];

  async function add(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const outcome = await sendTerm(kind, values, null);
    setSaving(false);
    if (outcome.ok) {
      setValues({ name: "", slug: "" });
      setErrors({});
      onStored(outcome.message);
      return;
    }
    setErrors(outcome.errors);
    if (outcome.message) onNotice({ tone: "error", text: outcome.message });
    focusFirstError();
  }

  return (
    <form ref={ref} onSubmit={(event) => void add(event)} noValidate className="space-y-3 rounded-lg bg-gray-50 p-4" data-testid="taxonomy-add">
      <h3 className="font-semibold text-gray-900">新增{text.noun}</h3>
      <div className={`grid gap-3 ${kind === "category" ? "sm:grid-cols-2" : ""}`}>
        <TextField ids={ids} field="name" label={`${text.noun}名稱`} required value={values.name} errors={errors} placeholder={text.placeholder} onChange={(name) => setValues((current) => ({ ...current, name }))} />
        {kind === "category" ? (
          <TextField ids={ids} field="slug" label="網址代稱（選填）" value={values.slug} errors={errors} help="留空則依名稱產生" onChange={(slug) => setValues((current) => ({ ...current, slug }))} />
        ) : null}
      </div>
      <div className="flex justify-end">
        <button type="submit" disabled={saving} className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}>
          <Plus aria-hidden size={16} />
          {saving ? "新增中..." : `新增${text.noun}`}
        </button>
      </div>
    </form>
  );
}

