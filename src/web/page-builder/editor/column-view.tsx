// One column of a container in the canvas: its name (the button that selects
// it, the paste target), its elements' cards, and its end: the drop place
// after the last element and the 新增元素 menu of the six types, in the Tab
// order while the column is selected (canvas.tsx).
import { EyeOff, Plus } from "lucide-react";
import { memo, useMemo } from "react";
import { elementLabel } from "#contract/page-builder/element-kinds.ts";
import { ELEMENT_TYPES, type BuilderColumn } from "#contract/page-builder/tree.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { canvasHelpId } from "./canvas-help.ts";
import { LandingLine } from "./drag-parts.tsx";
import { useEditor } from "./editor-context.ts";
import { useSelected } from "./editor-store.ts";
import { ElementCard } from "./element-card.tsx";
import { MenuButton } from "./menu-button.tsx";
import { editorOf } from "./node-names.ts";

interface ColumnViewProps {
  column: BuilderColumn;
  /** 第 1 欄（50%）. */
  name: string;
  /** 第 2 個容器第 1 欄: where 新增元素 adds. */
  place: string;
  hiddenOnMobile: boolean;
  /** The page's first column (its first element has no place above) and its last (its last element none below). */
  startsPage: boolean;
  endsPage: boolean;
}

const addButton = `inline-flex min-h-9 w-full items-center justify-center gap-1.5 rounded-lg border border-dashed border-gray-400 bg-white/70 px-3 py-1.5 text-sm font-medium text-gray-700 hover:border-blue-500 hover:bg-blue-50 hover:text-blue-800 max-md:min-h-11 ${focusRing}`;

export const ColumnView = memo(function ColumnView({ column, name, place, hiddenOnMobile, startsPage, endsPage }: ColumnViewProps) {
  const { store, actions, ids } = useEditor();
  const selected = useSelected(store, column.id);
  const count = column.elements.length;
  const items = useMemo(
    () =>
      ELEMENT_TYPES.map((type) => {
        const Icon = editorOf(type).icon;
        return { key: type, label: elementLabel({ type }), icon: <Icon aria-hidden size={18} />, onSelect: () => actions.addElement(column.id, type) };
      }),
    [actions, column.id],
  );

  return (
    <div
      role="group"
      aria-label={place}
      className={`flex min-w-0 flex-col gap-2 rounded-lg p-1.5 ${selected ? "bg-blue-50 ring-2 ring-blue-600/40" : "bg-gray-100/80"}`}
      data-testid="pb-column"
      data-node-id={column.id}
      data-drop-column={column.id}
    >
      <button
        type="button"
        id={ids.card(column.id)}
        aria-pressed={selected}
        aria-describedby={canvasHelpId(ids.card)}
        tabIndex={selected ? 0 : -1}
        onFocus={() => actions.select(column.id)}
        onClick={() => actions.select(column.id)}
        className={`flex min-h-8 items-center gap-1.5 rounded-md px-1.5 text-left text-xs font-medium text-gray-700 max-md:min-h-11 ${focusRing}`}
        data-testid="pb-column-select"
      >
        {name}
        {hiddenOnMobile ? (
          <span className="inline-flex items-center gap-0.5 rounded bg-gray-200 px-1.5 py-0.5 text-gray-800">
            <EyeOff aria-hidden size={12} />
            手機隱藏
          </span>
        ) : null}
      </button>
      <ol className="flex flex-col gap-2">
        {column.elements.map((element, index) => (
          <ElementCard key={element.id} element={element} index={index} columnId={column.id} first={startsPage && index === 0} last={endsPage && index === count - 1} />
        ))}
      </ol>
      <div className="relative rounded-lg" data-testid="pb-column-end">
        <LandingLine list={column.id} index={count} />
        {count === 0 ? <p className="px-1.5 pb-1.5 text-xs text-gray-600">這一欄還沒有元素</p> : null}
        <MenuButton label={`新增元素到${place}`} items={items} buttonClassName={addButton} buttonId={ids.action(column.id, "add")} testId="pb-add-element" tabbable={selected}>
          <Plus aria-hidden size={16} />
          新增元素
        </MenuButton>
      </div>
    </div>
  );
});
