// The categories in their sort order (001 §2, §4): name, description, the
// sort order with its 上移 / 下移 buttons, status, created date, edit and
// delete. A table where there is room for one; otherwise (a phone, a laptop
// beside the sidebar) one card per category with the same parts, as the
// contacts screen does on a phone.
import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import { categoryStatusLabels, type Category, type CategoryStatus } from "#contract/categories.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { formatDate } from "#web/lib/zh-tw-dates.ts";
import { canMove, type MoveDirection } from "./category-form.ts";
import { useRoomFor } from "./use-room-for.ts";

export interface CategoryRowActions {
  /** The category whose change is on its way: its buttons wait. */
  busyId: number | null;
  onEdit(category: Category): void;
  onDelete(category: Category): void;
  onMove(category: Category, direction: MoveDirection): void;
}

interface CategoryTableProps extends CategoryRowActions {
  categories: readonly Category[];
}

/** What the table's six columns need without squeezing the buttons (px). */
const TABLE_WIDTH = 896;

export function CategoryTable({ categories, ...actions }: CategoryTableProps) {
  const { ref, fits } = useRoomFor<HTMLDivElement>(TABLE_WIDTH);
  return (
    <div ref={ref}>
      {fits ? <Table categories={categories} {...actions} /> : <Cards categories={categories} {...actions} />}
    </div>
  );
}

const captionOf = (categories: readonly Category[]) => `類別列表，共 ${categories.length} 個，依排序由小到大`;

function Cards({ categories, ...actions }: CategoryTableProps) {
  return (
    <ul className="space-y-3" aria-label={captionOf(categories)} data-testid="category-list" data-layout="cards">
      {categories.map((category) => (
        <li key={category.id} className="rounded-2xl bg-white p-4 text-gray-900 shadow-sm" data-testid="category-row" data-category-id={category.id}>
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 break-words font-semibold" data-testid="category-name">
              {category.name}
            </p>
            <StatusBadge status={category.status} />
          </div>
          <Description text={category.description} className="mt-1 text-sm" />
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
            <span className="text-sm text-gray-700">
              排序 <SortOrder category={category} />
            </span>
            <MoveButtons category={category} {...actions} />
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-3">
            <span className="text-sm text-gray-600">
              建立於 <CreatedDate value={category.created_at} />
            </span>
            <RowButtons category={category} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Table({ categories, ...actions }: CategoryTableProps) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-white text-gray-900 shadow-sm">
      <table className="w-full text-left text-sm" data-testid="category-list" data-layout="table">
        <caption className="sr-only">{captionOf(categories)}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
          <tr>
            {["名稱", "說明", "排序", "狀態", "建立日期"].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              操作
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {categories.map((category) => (
            <tr key={category.id} className="align-middle" data-testid="category-row" data-category-id={category.id}>
              <td className="px-4 py-3">
                <p className="break-words font-medium" data-testid="category-name">
                  {category.name}
                </p>
              </td>
              <td className="max-w-xs px-4 py-3">
                <Description text={category.description} className="line-clamp-2" />
              </td>
              <td className="px-4 py-3">
                <div className="flex items-center gap-2">
                  <span className="min-w-6 text-right">
                    <SortOrder category={category} />
                  </span>
                  <MoveButtons category={category} {...actions} />
                </div>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={category.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                <CreatedDate value={category.created_at} />
              </td>
              <td className="px-4 py-3">
                <RowButtons category={category} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const BADGES: Record<CategoryStatus, string> = {
  active: "bg-green-100 text-green-800 ring-green-200",
  inactive: "bg-gray-200 text-gray-700 ring-gray-300",
};

function StatusBadge({ status }: { status: CategoryStatus }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${BADGES[status]}`} data-testid="category-status">
      {categoryStatusLabels[status]}
    </span>
  );
}

function Description({ text, className }: { text: string; className: string }) {
  return (
    <p className={`break-words ${text ? "text-gray-700" : "text-gray-600"} ${className}`} data-testid="category-description">
      {text || "（無說明）"}
    </p>
  );
}

function SortOrder({ category }: { category: Category }) {
  return (
    <span className="font-semibold tabular-nums" data-testid="category-sort-order">
      {category.sort_order}
    </span>
  );
}

function CreatedDate({ value }: { value: string }) {
  return (
    <time dateTime={value} data-testid="category-created">
      {formatDate(value)}
    </time>
  );
}

const smallButton = `inline-flex items-center justify-center gap-1 whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm font-medium ${focusRing}`;
const moveButton = `${smallButton} border border-gray-200 bg-white text-gray-700 hover:bg-gray-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white`;

const MOVES: ReadonlyArray<{ direction: MoveDirection; label: string; Icon: typeof ArrowUp }> = [
  { direction: "up", label: "上移", Icon: ArrowUp },
  { direction: "down", label: "下移", Icon: ArrowDown },
];

/**
 * One step of the sort order. A button that cannot act (上移 at 0, or while
 * this category's change is on its way) stays focusable but does nothing
 * (aria-disabled): a keyboard user who reached 0 keeps the focus where it was.
 */
function MoveButtons({ category, busyId, onMove }: { category: Category } & Pick<CategoryRowActions, "busyId" | "onMove">) {
  return (
    <span className="inline-flex gap-1">
      {MOVES.map(({ direction, label, Icon }) => {
        const disabled = busyId === category.id || !canMove(category, direction);
        return (
          <button
            key={direction}
            type="button"
            aria-disabled={disabled || undefined}
            onClick={() => !disabled && onMove(category, direction)}
            className={moveButton}
            data-move={direction}
            data-testid={`move-${direction}`}
          >
            <Icon aria-hidden size={16} />
            {label}
            <span className="sr-only">：{category.name}</span>
          </button>
        );
      })}
    </span>
  );
}

function RowButtons({ category, busyId, onEdit, onDelete }: { category: Category } & Omit<CategoryRowActions, "onMove">) {
  return (
    <span className="flex items-center justify-end gap-1">
      <button type="button" onClick={() => onEdit(category)} className={`${smallButton} text-blue-700 hover:bg-blue-50`}>
        <Pencil aria-hidden size={16} />
        編輯
        <span className="sr-only">：{category.name}</span>
      </button>
      <button type="button" onClick={() => onDelete(category)} disabled={busyId === category.id} className={`${smallButton} text-red-700 hover:bg-red-50 disabled:opacity-50`}>
        <Trash2 aria-hidden size={16} />
        刪除
        <span className="sr-only">：{category.name}</span>
      </button>
    </span>
  );
}
