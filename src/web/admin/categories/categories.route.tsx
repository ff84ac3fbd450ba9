// /admin/categories (001 §2, §3, §4, §5, §7, §8, §9): the categories in their
// sort order, created and edited in a modal, moved one step up or down (the
// number changes and the table follows the server's order), deleted after our
// own confirmation naming the category.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderTree, Plus } from "lucide-react";
import { useState } from "react";
import { CATEGORY_MESSAGES, type Category } from "#contract/categories.ts";
import { actionFailure, fieldErrorsOf, loadFailure, type SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { createCategory, deleteCategory, fetchCategories, updateCategory } from "./categories-api.ts";
import { CategoryDialog } from "./category-dialog.tsx";
import { CATEGORIES_QUERY_KEY, categoryPayload, CATEGORY_TEXT, moveBody, movedMessage, type CategoryFormValues, type MoveDirection } from "./category-form.ts";
import { CategoryTable } from "./category-table.tsx";

export const meta = () => adminMeta("分類管理");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

type Form = { open: false } | { open: true; entry: Category | null };

/**
 * After a step the row may have been moved in the page, which takes the focus
 * from its button: give it back (to the other button when this one can no
 * longer act), unless the person has gone elsewhere meanwhile.
 */
function keepFocus(id: number, direction: MoveDirection) {
  if (document.activeElement && document.activeElement !== document.body) return;
  const row = document.querySelector(`[data-category-id="${id}"]`);
  const button = row?.querySelector<HTMLElement>(`[data-move="${direction}"]:not([aria-disabled])`) ?? row?.querySelector<HTMLElement>("[data-move]:not([aria-disabled])");
  button?.focus();
}

export default function Categories() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const query = useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: ({ signal }) => fetchCategories(signal) });
  const [form, setForm] = useState<Form>({ open: false });
  const [busyId, setBusyId] = useState<number | null>(null);
  const categories = query.data ?? [];
  const reload = () => client.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });

  async function save(values: CategoryFormValues): Promise<SaveOutcome> {
    const editing = form.open ? form.entry : null;
    try {
      const body = categoryPayload(values);
      const result = editing ? await updateCategory(editing.id, body) : await createCategory(body);
      setNotice({ tone: "success", text: result.message || (editing ? CATEGORY_MESSAGES.updated : CATEGORY_MESSAGES.created) });
      setForm({ open: false });
      await reload();
      return { ok: true };
    } catch (error) {
      console.warn("儲存類別失敗", error);
      const errors = fieldErrorsOf(error);
      const message = actionFailure(error, CATEGORY_MESSAGES.operationFailed);
      // A refusal about a field is said beside it; any other where the eye is.
      if (Object.keys(errors).length > 0) return { ok: false, message, errors };
      setNotice({ tone: "error", text: message });
      return { ok: false, message: "", errors };
    }
  }

  async function move(category: Category, direction: MoveDirection) {
    setBusyId(category.id);
    try {
      const body = moveBody(category, direction);
      await updateCategory(category.id, body);
      await reload();
      setNotice({ tone: "success", text: movedMessage(category.name, body.sort_order) });
    } catch (error) {
      console.warn("調整類別排序失敗", error);
      setNotice({ tone: "error", text: actionFailure(error, CATEGORY_MESSAGES.operationFailed) });
      await reload();
    } finally {
      setBusyId(null);
    }
    // After the render that placed the row where it now belongs.
    requestAnimationFrame(() => keepFocus(category.id, direction));
  }

  async function remove(category: Category) {
    const confirmed = await confirm({ title: "刪除類別", message: CATEGORY_TEXT.deleteConfirm, items: [category.name], confirmLabel: "刪除" });
    if (!confirmed) return;
    setBusyId(category.id);
    try {
      const result = await deleteCategory(category.id);
      setNotice({ tone: "success", text: result.message || CATEGORY_MESSAGES.deleted });
    } catch (error) {
      console.warn("刪除類別失敗", error);
      setNotice({ tone: "error", text: actionFailure(error, CATEGORY_MESSAGES.deleteFailed) });
    } finally {
      setBusyId(null);
    }
    await reload();
  }

  const notices = <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="categories-notice" errorTestId="categories-error" />;

  return (
    <>
      <AdminPageHeader
        title="分類管理"
        description="管理類別的名稱、說明、排序與啟用狀態"
        actions={
          <button
            type="button"
            onClick={() => setForm({ open: true, entry: null })}
            className={`inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-blue-700 ${focusRing}`}
          >
            <Plus aria-hidden size={18} />
            新增類別
          </button>
        }
      />

      <div className="space-y-4">
        {/* While the form is open the toasts show inside its dialog: the page behind is covered. */}
        {form.open ? null : notices}

        {query.isPending ? (
          <AdminLoading label={CATEGORY_TEXT.loading} />
        ) : query.isError ? (
          <LoadError message={loadFailure(query.error, CATEGORY_TEXT.loadFailed)} testId="categories-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
        ) : (
          <section aria-labelledby="categories-heading" className="space-y-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="categories-heading" className="text-lg font-semibold">
                類別（{categories.length}）
              </h2>
              <p className="text-sm opacity-75">排序數字越小越前面；按「上移」「下移」會立即儲存</p>
            </div>
            {categories.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-10 text-center text-gray-700 shadow-sm" data-testid="categories-empty">
                <FolderTree aria-hidden size={40} className="text-gray-400" />
                <p className="font-medium">{CATEGORY_MESSAGES.empty}</p>
                <p className="text-sm text-gray-600">{CATEGORY_TEXT.emptyHint}</p>
              </div>
            ) : (
              <CategoryTable
                categories={categories}
                busyId={busyId}
                onEdit={(category) => setForm({ open: true, entry: category })}
                onDelete={(category) => void remove(category)}
                onMove={(category, direction) => void move(category, direction)}
              />
            )}
          </section>
        )}
      </div>

      <CategoryDialog open={form.open} category={form.open ? form.entry : null} onClose={() => setForm({ open: false })} onSave={save} notices={notices} />
    </>
  );
}
