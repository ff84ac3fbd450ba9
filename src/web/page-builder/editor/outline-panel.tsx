// The outline: the page's tree as an ARIA tree (containers, their columns,
// the columns' elements), the keyboard way around the page. Arrow keys move
// and open / close, Home / End jump, Enter opens an element's dialog,
// Alt + ↑ / ↓ move the selected element or container (an element on across
// columns and containers), Delete deletes it (after our dialog), Escape
// leaves for the same node in the canvas (never closing the editor around).
// Selection follows the focus, and the canvas shows the same node selected.
// Items are memoised like the canvas's cards.
import { ChevronRight, TriangleAlert } from "lucide-react";
import { memo, useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { flushSync } from "react-dom";
import type { BuilderColumn, BuilderContainer, BuilderElement, BuilderTree } from "#contract/page-builder/tree.ts";
import { useEditor } from "./editor-context.ts";
import { useCollapsed, useFirstTabStop, useNodeFindings, useSelected } from "./editor-store.ts";
import { editorOf, elementName, usePageNamesContext } from "./node-names.ts";
import { outlineEntries, outlineMove } from "./outline-order.ts";
import { columnName, containerName } from "./place-words.ts";
import { locate } from "./tree-lookup.ts";

const OUTLINE_HELP = "方向鍵在項目間移動、展開或收合；Enter 編輯元素；Alt + 上／下方向鍵移動位置（可移到其他欄）；Delete 刪除；Esc 離開大綱。";

export const OutlinePanel = memo(function OutlinePanel({ tree }: { tree: BuilderTree }) {
  const { store, actions, ids } = useEditor();
  const headingId = useId();
  const helpId = useId();

  function focusItem(id: string) {
    actions.select(id);
    document.getElementById(ids.outline(id))?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const selected = store.getSelected();
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      if (selected && locate(tree, selected)?.kind !== "column") actions.step(selected, event.key === "ArrowUp" ? -1 : 1);
    } else if (event.key === "Enter" && selected) {
      const place = locate(tree, selected);
      if (place?.kind === "element") actions.edit(selected);
      else if (place) store.setCollapsed(selected, !store.isCollapsed(selected));
    } else if ((event.key === "Delete" || event.key === "Backspace") && selected) {
      if (locate(tree, selected)?.kind !== "column") actions.remove(selected);
    } else if (event.key === "Escape") {
      // The same node's button in the canvas (the canvas's tab stop), or the canvas's first.
      const first = tree.containers[0]?.id;
      const target = (selected && document.getElementById(ids.card(selected))) || (first && document.getElementById(ids.card(first)));
      if (target) target.focus();
    } else if (!event.altKey && !event.ctrlKey && !event.metaKey) {
      const move = outlineMove(outlineEntries(tree, store.isCollapsed), selected, event.key, store.isCollapsed);
      if (!move) {
        if (!["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
      } else if ("to" in move) focusItem(move.to);
      else if ("expand" in move) flushSync(() => store.setCollapsed(move.expand, false));
      else store.setCollapsed(move.collapse, true);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div className="flex min-h-0 flex-col gap-2" data-testid="pb-outline-panel">
      <h3 id={headingId} className="text-sm font-semibold text-gray-900">
        大綱
      </h3>
      <p id={helpId} className="text-xs text-gray-600">
        {OUTLINE_HELP}
      </p>
      {tree.containers.length === 0 ? (
        <p className="text-sm text-gray-600">還沒有容器</p>
      ) : (
        <ul role="tree" aria-labelledby={headingId} aria-describedby={helpId} onKeyDown={onKeyDown} className="relative min-h-0 overflow-y-auto text-sm" data-testid="pb-outline">
          {tree.containers.map((container, index) => (
            <OutlineContainer key={container.id} container={container} index={index} count={tree.containers.length} />
          ))}
        </ul>
      )}
    </div>
  );
});

interface ItemProps {
  id: string;
  level: 1 | 2 | 3;
  position: number;
  count: number;
  expandable: boolean;
  collapsed: boolean;
  /** The first item of the tree: the one Tab reaches while nothing is selected. */
  first?: boolean;
  label: ReactNode;
  testKind: "container" | "column" | "element";
}

/**
 * An item's content is not styled while the list is scrolled away from it: a
 * dialog opening or closing restyles the whole page (issue 24; element-card.tsx).
 * Its height is the item's own, on a phone too (min-h-8, min-h-11).
 */
const SKIPPED_OFF_SCREEN = "[content-visibility:auto] [contain-intrinsic-height:auto_2rem] max-md:[contain-intrinsic-height:auto_2.75rem]";

/**
 * One item. The tree is flat in the DOM (levels, places and sizes in ARIA):
 * an item holds only its own row, so its name is its own words, not its
 * children's too.
 */
function OutlineItem({ id, level, position, count, expandable, collapsed, first = false, label, testKind }: ItemProps) {
  const { store, actions, ids } = useEditor();
  const selected = useSelected(store, id);
  const tabbable = useFirstTabStop(store, first) || selected;
  const indent = { 1: "pl-1", 2: "pl-6", 3: "pl-11" }[level];
  const item = useRef<HTMLLIElement>(null);

  // A node selected in the canvas is shown in the outline too, scrolling the outline's own list only (never the page).
  useEffect(() => {
    const list = item.current?.closest<HTMLElement>("[role=tree]");
    if (!selected || !item.current || !list) return;
    // The list is positioned: an item's offsetTop is its place within it.
    const top = item.current.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + item.current.offsetHeight - list.clientHeight;
  }, [selected]);

  return (
    <li
      ref={item}
      id={ids.outline(id)}
      role="treeitem"
      aria-level={level}
      aria-setsize={count}
      aria-posinset={position + 1}
      aria-selected={selected}
      aria-expanded={expandable ? !collapsed : undefined}
      tabIndex={tabbable ? 0 : -1}
      onFocus={() => actions.select(id)}
      onClick={(event) => {
        actions.select(id);
        event.currentTarget.focus();
      }}
      onDoubleClick={() => testKind === "element" && actions.edit(id)}
      className={`flex min-h-8 cursor-default items-center gap-1 rounded-md pr-1 outline-none ${SKIPPED_OFF_SCREEN} focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 max-md:min-h-11 ${indent} ${selected ? "bg-blue-100 text-blue-900" : "text-gray-800 hover:bg-gray-100"}`}
      data-testid={`pb-outline-${testKind}`}
      data-node-id={id}
    >
      <span
        aria-hidden
        onClick={(event) => {
          if (!expandable) return;
          event.stopPropagation();
          store.setCollapsed(id, !collapsed);
        }}
        className="grid size-5 shrink-0 place-items-center text-gray-500"
      >
        {expandable ? <ChevronRight size={14} className={collapsed ? "" : "rotate-90"} /> : null}
      </span>
      {label}
    </li>
  );
}

const OutlineContainer = memo(function OutlineContainer({ container, index, count }: { container: BuilderContainer; index: number; count: number }) {
  const { store } = useEditor();
  const collapsed = useCollapsed(store, container.id);
  return (
    <>
      <OutlineItem id={container.id} level={1} position={index} count={count} expandable collapsed={collapsed} first={index === 0} testKind="container" label={<span className="truncate font-medium">{containerName(container, index)}</span>} />
      {collapsed ? null : container.columns.map((column, columnIndex) => <OutlineColumn key={column.id} column={column} name={columnName(container, columnIndex)} index={columnIndex} count={container.columns.length} />)}
    </>
  );
});

const OutlineColumn = memo(function OutlineColumn({ column, name, index, count }: { column: BuilderColumn; name: string; index: number; count: number }) {
  const { store } = useEditor();
  const collapsed = useCollapsed(store, column.id);
  const expandable = column.elements.length > 0;
  const label = (
    <span className="truncate text-gray-700">
      {name}
      {expandable ? "" : "：空的"}
    </span>
  );
  return (
    <>
      <OutlineItem id={column.id} level={2} position={index} count={count} expandable={expandable} collapsed={collapsed} testKind="column" label={label} />
      {collapsed ? null : column.elements.map((element, elementIndex) => <OutlineElement key={element.id} element={element} index={elementIndex} count={column.elements.length} />)}
    </>
  );
});

const OutlineElement = memo(function OutlineElement({ element, index, count }: { element: BuilderElement; index: number; count: number }) {
  const { store } = useEditor();
  const pageNames = usePageNamesContext();
  const findings = useNodeFindings(store, element.id);
  const Icon = editorOf(element.type).icon;
  const label = (
    <>
      <Icon aria-hidden size={14} className="shrink-0 text-gray-500" />
      <span className="truncate">{elementName(element, pageNames)}</span>
      {findings.length > 0 ? (
        <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-amber-100 px-1.5 text-xs text-amber-900">
          <TriangleAlert aria-hidden size={12} />
          {findings.length} 個問題
        </span>
      ) : null}
    </>
  );
  return <OutlineItem id={element.id} level={3} position={index} count={count} expandable={false} collapsed={false} testKind="element" label={label} />;
});
