// /admin/services (002 §2.10, §3, §4, §5, §7, §8, §9): two tabs, 服務項目 and
// 服務類別, each a list ordered by hand (drag or 上移 / 下移, the whole order
// saved in one request) with add, edit and delete after our own confirmation;
// the item modal holds the case images once the item is saved, the category
// modal the category's fields. The tab is kept in the address (?tab=categories).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderTree, Plus, Wrench } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { SERVICE_MESSAGES, type ServiceCategory, type ServiceItem } from "#contract/services.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { MarkedTabList, markedPanelId, markedTabId } from "#web/admin/shared/marked-tabs.tsx";
import { ServiceCategoryDialog } from "./service-category-dialog.tsx";
import { ServiceItemDialog } from "./service-item-dialog.tsx";
import { ServiceCategoryList, ServiceItemList } from "./service-lists.tsx";
import {
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  fetchCategories,
  fetchItems,
  reorderCategories,
  reorderItems,
  updateCategory,
  updateItem,
} from "./services-api.ts";
import { CATEGORIES_QUERY_KEY, categoryConfirmItem, categoryPayload, itemPayload, ITEMS_QUERY_KEY, SERVICES_TABS, SERVICES_TEXT, tabFromSearch, type CategoryFormValues, type ItemFormValues, type ServicesTabId } from "./services-form.ts";
import { actionFailure, fieldErrorsOf, loadFailure, type SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { useReorder } from "./use-reorder.ts";

export const meta = () => adminMeta("服務管理");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const TABS = SERVICES_TABS.map((tab) => ({ ...tab, icon: tab.id === "items" ? Wrench : FolderTree }));
const NO_MARKS = new Set<ServicesTabId>();

type Form<T> = { open: false } | { open: true; entry: T | null };

export default function Services() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search.get("tab"));
  const categoriesQuery = useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: ({ signal }) => fetchCategories(signal) });
  const itemsQuery = useQuery({ queryKey: ITEMS_QUERY_KEY, queryFn: ({ signal }) => fetchItems(signal) });
  const [itemForm, setItemForm] = useState<Form<ServiceItem>>({ open: false });
  const [categoryForm, setCategoryForm] = useState<Form<ServiceCategory>>({ open: false });
  const [busyId, setBusyId] = useState<number | null>(null);

  const items = itemsQuery.data ?? [];
  const categories = categoriesQuery.data ?? [];
  const reloadAll = () => Promise.all([client.invalidateQueries({ queryKey: ITEMS_QUERY_KEY }), client.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY })]);

  function selectTab(id: ServicesTabId) {
    setSearch(id === "items" ? {} : { tab: id }, { replace: true, preventScrollReset: true });
  }

  const orderSaved = (message: string) => setNotice({ tone: "success", text: message || SERVICES_TEXT.orderSaved });
  const orderFailed = (error: unknown) => {
    console.warn("儲存排序失敗", error);
    setNotice({ tone: "error", text: actionFailure(error, SERVICES_TEXT.orderFailed) });
  };
  const moveItem = useReorder<ServiceItem>({ queryKey: ITEMS_QUERY_KEY, save: reorderItems, onSaved: orderSaved, onFailed: orderFailed });
  const moveCategory = useReorder<ServiceCategory>({ queryKey: CATEGORIES_QUERY_KEY, save: reorderCategories, onSaved: orderSaved, onFailed: orderFailed });

  /** A refusal with field errors is shown beside the fields; any other as a toast, where the eye is. */
  function refused(error: unknown, fallback: string): SaveOutcome {
    const errors = fieldErrorsOf(error);
    const message = actionFailure(error, fallback);
    if (Object.keys(errors).length === 0) {
      setNotice({ tone: "error", text: message });
      return { ok: false, message: "", errors };
    }
    return { ok: false, message, errors };
  }

  async function saveItem(values: ItemFormValues): Promise<SaveOutcome> {
    const editing = itemForm.open ? itemForm.entry : null;
    try {
      const body = itemPayload(values);
      const result = editing ? await updateItem(editing.id, body) : await createItem(body);
      setNotice({ tone: "success", text: result.message || (editing ? SERVICE_MESSAGES.itemUpdated : SERVICE_MESSAGES.itemCreated) });
      setItemForm({ open: false });
      await reloadAll();
      return { ok: true };
    } catch (error) {
      console.warn(SERVICES_TEXT.saveItemFailed, error);
      return refused(error, SERVICES_TEXT.saveItemFailed);
    }
  }

  async function saveCategory(values: CategoryFormValues): Promise<SaveOutcome> {
    const editing = categoryForm.open ? categoryForm.entry : null;
    try {
      const body = categoryPayload(values);
      const result = editing ? await updateCategory(editing.id, body) : await createCategory(body);
      setNotice({ tone: "success", text: result.message || (editing ? SERVICE_MESSAGES.categoryUpdated : SERVICE_MESSAGES.categoryCreated) });
      setCategoryForm({ open: false });
      await reloadAll();
      return { ok: true };
    } catch (error) {
      console.warn(SERVICES_TEXT.saveCategoryFailed, error);
      return refused(error, SERVICES_TEXT.saveCategoryFailed);
    }
  }

  async function removeItem(item: ServiceItem) {
    const confirmed = await confirm({ title: "刪除服務項目", message: SERVICES_TEXT.deleteItemConfirm, items: [item.name], confirmLabel: "刪除" });
    if (!confirmed) return;
    setBusyId(item.id);
    try {
      const result = await deleteItem(item.id);
      setNotice({ tone: "success", text: result.message || SERVICE_MESSAGES.itemDeleted });
      await reloadAll();
    } catch (error) {
      console.warn(SERVICES_TEXT.deleteItemFailed, error);
      setNotice({ tone: "error", text: actionFailure(error, SERVICES_TEXT.deleteItemFailed) });
    } finally {
      setBusyId(null);
    }
  }

  async function removeCategory(category: ServiceCategory) {
    const confirmed = await confirm({ title: "刪除服務類別", message: SERVICES_TEXT.deleteCategoryConfirm, items: [categoryConfirmItem(category)], confirmLabel: "刪除" });
    if (!confirmed) return;
    setBusyId(category.id);
    try {
      const result = await deleteCategory(category.id);
      setNotice({ tone: "success", text: result.message || SERVICE_MESSAGES.categoryDeleted });
      await reloadAll();
    } catch (error) {
      // A category that still holds items is kept: the server says how many.
      console.warn(SERVICES_TEXT.deleteCategoryFailed, error);
      setNotice({ tone: "error", text: actionFailure(error, SERVICES_TEXT.deleteCategoryFailed) });
      await reloadAll();
    } finally {
      setBusyId(null);
    }
  }

  const notices = <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="services-notice" errorTestId="services-error" />;
  const dialogOpen = itemForm.open || categoryForm.open;
  const categoriesError = categoriesQuery.isError ? (
    <LoadError message={loadFailure(categoriesQuery.error, SERVICES_TEXT.loadCategoriesFailed)} testId="categories-load-error" action={<RetryButton onRetry={() => void categoriesQuery.refetch()} />} />
  ) : null;

  return (
    <>
      <AdminPageHeader
        title="服務管理"
        description="管理網站上的服務項目、服務類別與案例圖片"
        actions={
          <button
            type="button"
            onClick={() => (tab === "items" ? setItemForm({ open: true, entry: null }) : setCategoryForm({ open: true, entry: null }))}
            className={`inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white shadow hover:bg-blue-700 ${focusRing}`}
          >
            <Plus aria-hidden size={18} />
            {tab === "items" ? "新增服務項目" : "新增服務類別"}
          </button>
        }
      />

      <div className="space-y-5">
        {/* While a form is open the toasts show inside its dialog: the page behind is covered. */}
        {dialogOpen ? null : notices}

        <MarkedTabList
          prefix="services"
          label="服務管理分類"
          tabs={TABS}
          active={tab}
          onSelect={selectTab}
          errorCounts={{}}
          changedTabs={NO_MARKS}
          className="grid grid-cols-2 gap-1 rounded-2xl bg-white p-1.5 shadow-sm sm:inline-flex"
        />

        <div role="tabpanel" id={markedPanelId("services", tab)} aria-labelledby={markedTabId("services", tab)} className="space-y-4" data-testid={`services-panel-${tab}`}>
          {tab === "items" ? (
            <>
              {categoriesError}
              {itemsQuery.isPending ? (
                <AdminLoading label={SERVICES_TEXT.loading} />
              ) : itemsQuery.isError ? (
                <LoadError message={loadFailure(itemsQuery.error, SERVICES_TEXT.loadItemsFailed)} testId="items-load-error" action={<RetryButton onRetry={() => void itemsQuery.refetch()} />} />
              ) : (
                <>
                  <ListHeading id="items-heading" title={`服務項目（${items.length}）`} />
                  {items.length === 0 ? (
                    <EmptyList testId="items-empty">尚無服務項目，按「新增服務項目」建立第一個</EmptyList>
                  ) : (
                    <ServiceItemList items={items} busyId={busyId} onEdit={(item) => setItemForm({ open: true, entry: item })} onDelete={(item) => void removeItem(item)} onMove={moveItem} />
                  )}
                </>
              )}
            </>
          ) : categoriesQuery.isPending ? (
            <AdminLoading label={SERVICES_TEXT.loading} />
          ) : categoriesQuery.isError ? (
            categoriesError
          ) : (
            <>
              <ListHeading id="categories-heading" title={`服務類別（${categories.length}）`} />
              {categories.length === 0 ? (
                <EmptyList testId="categories-empty">尚無服務類別，按「新增服務類別」建立第一個</EmptyList>
              ) : (
                <ServiceCategoryList
                  categories={categories}
                  busyId={busyId}
                  onEdit={(category) => setCategoryForm({ open: true, entry: category })}
                  onDelete={(category) => void removeCategory(category)}
                  onMove={moveCategory}
                />
              )}
            </>
          )}
        </div>
      </div>

      <ServiceItemDialog
        open={itemForm.open}
        item={itemForm.open ? itemForm.entry : null}
        categories={categories}
        onClose={() => setItemForm({ open: false })}
        onSave={saveItem}
        notices={notices}
        onNotice={setNotice}
      />
      <ServiceCategoryDialog
        open={categoryForm.open}
        category={categoryForm.open ? categoryForm.entry : null}
        onClose={() => setCategoryForm({ open: false })}
        onSave={saveCategory}
        notices={notices}
      />
    </>
  );
}

function ListHeading({ id, title }: { id: string; title: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm opacity-75">拖曳把手或按「上移」「下移」調整順序，會立即儲存</p>
    </div>
  );
}

function EmptyList({ testId, children }: { testId: string; children: string }) {
  return (
    <p className="rounded-2xl bg-white p-8 text-center text-gray-600 shadow-sm" data-testid={testId}>
      {children}
    </p>
  );
}
