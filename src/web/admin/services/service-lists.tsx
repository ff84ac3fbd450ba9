// The two lists of the services screen (002 §2.10, §9). Items: thumbnail,
// name, category, the price chip (NT$ 1,200 / 次, only above 0), up to three
// features then 等 N 項, active or not, edit and delete. Categories: name,
// description, how many items each holds, active or not, edit and delete.
// Both are ordered by hand (drag, or 上移 / 下移).
import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { ServiceCategory, ServiceItem } from "#contract/services.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { Thumbnail } from "#web/admin/shared/dialog-fields.tsx";
import { featureSummary, itemCategoryLabel, itemCountLabel, itemPriceChip } from "./services-form.ts";
import { SortableList, type MoveTarget } from "#web/admin/shared/sortable-list.tsx";

const rowClass = (dragging: boolean) =>
  `flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap sm:items-center sm:p-4 ${dragging ? "relative z-10 bg-blue-50 shadow-lg" : "bg-white"}`;
const listClass = "divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white text-gray-900 shadow-sm";

interface RowActions<T> {
  busyId: number | null;
  onEdit(entry: T): void;
  onDelete(entry: T): void;
  onMove(id: number, target: MoveTarget): void;
}

export function ServiceItemList({ items, busyId, onEdit, onDelete, onMove }: { items: readonly ServiceItem[] } & RowActions<ServiceItem>) {
  return (
    <SortableList
      items={items}
      nameOf={(item) => item.name}
      noun="服務項目"
      layout="list"
      onMove={onMove}
      className={listClass}
      testId="item-list"
      itemTestId="item-row"
      itemClassName={rowClass}
      renderItem={(item, _index, { handle, moves }) => {
        const chip = itemPriceChip(item);
        const { shown, more } = featureSummary(item.features);
        return (
          <>
            <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
              {handle}
              <Thumbnail src={item.main_image} alt="" className="h-14 w-20 shrink-0 rounded-lg" testId="item-thumbnail" />
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="font-semibold" data-testid="item-name">
                    {item.name}
                  </p>
                  <ActiveBadge active={item.is_active === 1} />
                </div>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
                  <span data-testid="item-category">{itemCategoryLabel(item)}</span>
                  {chip ? (
                    <span className="rounded-full bg-blue-50 px-2 py-0.5 font-medium text-blue-800" data-testid="item-price">
                      {chip}
                    </span>
                  ) : null}
                </p>
                {shown.length > 0 ? (
                  <p className="text-sm text-gray-600" data-testid="item-features">
                    {shown.join("、")}
                    {more ? ` ${more}` : ""}
                  </p>
                ) : null}
              </div>
            </div>
            <RowButtons name={item.name} busy={busyId === item.id} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} moves={moves} />
          </>
        );
      }}
    />
  );
}

export function ServiceCategoryList({ categories, busyId, onEdit, onDelete, onMove }: { categories: readonly ServiceCategory[] } & RowActions<ServiceCategory>) {
  return (
    <SortableList
      items={categories}
      nameOf={(category) => category.name}
      noun="服務類別"
      layout="list"
      onMove={onMove}
      className={listClass}
      testId="category-list"
      itemTestId="category-row"
      itemClassName={rowClass}
      renderItem={(category, _index, { handle, moves }) => (
        <>
          <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
            {handle}
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="font-semibold" data-testid="category-name">
                  {category.name}
                </p>
                <ActiveBadge active={category.is_active === 1} />
              </div>
              {category.description ? <p className="text-sm text-gray-600">{category.description}</p> : null}
              <p className="text-sm text-gray-600" data-testid="category-count">
                {itemCountLabel(category.item_count)}
              </p>
            </div>
          </div>
          <RowButtons name={category.name} busy={busyId === category.id} onEdit={() => onEdit(category)} onDelete={() => onDelete(category)} moves={moves} />
        </>
      )}
    />
  );
}

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${active ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-700"}`}
      data-testid="active-state"
    >
      {active ? "啟用" : "停用"}
    </span>
  );
}

const rowButton = `inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-medium disabled:opacity-50 ${focusRing}`;

function RowButtons({ name, busy, onEdit, onDelete, moves }: { name: string; busy: boolean; onEdit(): void; onDelete(): void; moves: ReactNode }) {
  return (
    <div className="flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto sm:flex-nowrap">
      {moves}
      <button type="button" onClick={onEdit} className={`${rowButton} text-blue-700 hover:bg-blue-50`}>
        <Pencil aria-hidden size={16} />
        編輯
        <span className="sr-only">：{name}</span>
      </button>
      <button type="button" onClick={onDelete} disabled={busy} className={`${rowButton} text-red-700 hover:bg-red-50`}>
        <Trash2 aria-hidden size={16} />
        刪除
        <span className="sr-only">：{name}</span>
      </button>
    </div>
  );
}
