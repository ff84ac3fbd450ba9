// One container in the canvas: its drag handle, its name and layout drawing
// (the button that selects it), its phone rules in words, its actions when
// selected (a menu on a phone), and its columns at their layout's widths on a
// wide screen (stacked on a phone, as the page does). Its background colour is
// shown behind the columns. A container is a draggable and a droppable of
// its own rather than a sortable: a list-level SortableContext would be a
// provider of the same context the element cards read, and React re-renders
// every consumer below a provider whose value changes (all 300 cards on each
// edit); while a container is dragged, a line shows where it would land.
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { memo, useEffect, useRef } from "react";
import { layoutOf } from "#contract/page-builder/layouts.ts";
import { MOBILE_GAP_LABELS, MOBILE_ORDER_LABELS, type BuilderContainer } from "#contract/page-builder/tree.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { LayoutDrawing } from "#web/page-builder/layout-picker.tsx";
import { ColumnView } from "./column-view.tsx";
import { NO_RESIZE_WATCH, type DragData } from "./drag-drop.ts";
import { useEditor } from "./editor-context.ts";
import { useSelected } from "./editor-store.ts";
import { dragHandle } from "./element-card.tsx";
import { NodeActionBar, NodeActionMenu } from "./node-actions.tsx";
import { columnName, columnWords, containerName } from "./place-words.ts";

interface ContainerViewProps {
  container: BuilderContainer;
  index: number;
  count: number;
}

/** The container's phone rules when they differ from the defaults: 手機：反向排列、隱藏 1 欄. */
function mobileRulesWords(container: BuilderContainer): string {
  const { order, hidden, gap } = container.mobile;
  const words = [
    order === "reverse" ? MOBILE_ORDER_LABELS.reverse : "",
    hidden.length > 0 ? `隱藏 ${hidden.length} 欄` : "",
    gap === "medium" ? "" : `間距${MOBILE_GAP_LABELS[gap]}`,
  ].filter(Boolean);
  return words.length > 0 ? `手機：${words.join("、")}` : "";
}

/** The same element each render: React skips it, so a container re-rendered by a drag does not rebuild its icon. */
const GRIP = <GripVertical aria-hidden size={18} />;

/** The draggable, droppable shell: dnd-kit re-renders it when any drag starts or ends, so its content is memoised apart. */
export const ContainerView = memo(function ContainerView({ container, index, count }: ContainerViewProps) {
  const { store, actions, ids } = useEditor();
  const selected = useSelected(store, container.id);
  const data: DragData = { kind: "container", index };
  const drag = useDraggable({ id: container.id, data });
  const drop = useDroppable({ id: container.id, data, resizeObserverConfig: NO_RESIZE_WATCH });
  const activeIndex = (drop.active?.data.current as DragData | undefined)?.kind === "container" ? ((drop.active?.data.current as DragData).index as number) : -1;
  const landing = drop.isOver && activeIndex !== index ? (activeIndex > index ? "before:-top-2.5" : "before:-bottom-2.5") : "";
  const section = useRef<HTMLElement | null>(null);
  const name = containerName(container, index);

  useEffect(() => {
    if (selected) section.current?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  return (
    <li
      ref={(node) => {
        drag.setNodeRef(node);
        drop.setNodeRef(node);
        section.current = node;
      }}
      style={{ transform: CSS.Translate.toString(drag.transform) }}
      aria-label={name}
      className={`relative rounded-xl border-2 bg-white ${selected ? "border-blue-600" : "border-gray-200"} ${drag.isDragging ? "z-20 opacity-80 shadow-xl" : ""} ${landing ? `before:absolute before:inset-x-0 before:h-1 before:rounded before:bg-blue-600 ${landing}` : ""}`}
      data-testid="pb-container"
      data-node-id={container.id}
      data-selected={selected || undefined}
    >
      <div className="flex items-center gap-1 p-1.5" onClick={() => actions.select(container.id)}>
        <button
          type="button"
          ref={drag.setActivatorNodeRef}
          {...drag.attributes}
          {...drag.listeners}
          id={ids.action(container.id, "drag")}
          aria-label={`拖曳移動：${name}`}
          onFocus={() => actions.select(container.id)}
          title="拖曳移動"
          className={dragHandle}
          data-testid="pb-drag-container"
        >
          {GRIP}
        </button>
        <ContainerHeader container={container} index={index} count={count} selected={selected} />
      </div>
      <ContainerBody container={container} index={index} count={count} selected={selected} />
    </li>
  );
});

interface ContainerPartProps extends ContainerViewProps {
  selected: boolean;
}

/** The container's name and layout drawing (the button that selects it), and its menu on a phone. */
const ContainerHeader = memo(function ContainerHeader({ container, index, count, selected }: ContainerPartProps) {
  const { actions, ids, wide } = useEditor();
  const layout = layoutOf(container.layout);
  const name = containerName(container, index);
  const rules = mobileRulesWords(container);
  return (
    <>
      <button
        type="button"
        id={ids.card(container.id)}
        aria-label={rules ? `${name}，${rules}` : name}
        aria-pressed={selected}
        onFocus={() => actions.select(container.id)}
        onDoubleClick={() => actions.openSettings(container.id)}
        className={`flex min-h-9 min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-1.5 py-1 text-left max-md:min-h-11 ${focusRing}`}
        data-testid="pb-container-select"
      >
        {layout ? (
          <span className="w-14 shrink-0">
            <LayoutDrawing layout={layout} />
          </span>
        ) : null}
        <span className="text-sm font-semibold text-gray-900">{name}</span>
        {rules ? <span className="text-xs text-gray-600">{rules}</span> : null}
        {container.background ? <span aria-hidden className="size-4 rounded border border-gray-300" style={{ backgroundColor: container.background }} /> : null}
      </button>
      {wide ? null : <NodeActionMenu kind="container" id={container.id} name={name} first={index === 0} last={index === count - 1} />}
    </>
  );
});

/** The selected container's actions on a wide screen, and its columns at their layout's widths (stacked on a phone). */
const ContainerBody = memo(function ContainerBody({ container, index, count, selected }: ContainerPartProps) {
  const { wide } = useEditor();
  const layout = layoutOf(container.layout);
  const hidden = new Set(container.mobile.hidden);
  return (
    <>
      {wide && selected ? (
        <div className="border-t border-gray-100 px-1.5 py-0.5">
          <NodeActionBar kind="container" id={container.id} name={containerName(container, index)} first={index === 0} last={index === count - 1} />
        </div>
      ) : null}
      <div
        className={`grid gap-2 rounded-b-xl p-2 ${wide ? "" : "grid-cols-1"}`}
        style={{
          backgroundColor: container.background || undefined,
          gridTemplateColumns: wide && layout ? layout.columns.map((width) => `minmax(0, ${width}fr)`).join(" ") : undefined,
        }}
      >
        {container.columns.map((column, columnIndex) => (
          <ColumnView key={column.id} column={column} name={columnName(container, columnIndex)} place={columnWords(index, columnIndex)} hiddenOnMobile={hidden.has(column.id)} />
        ))}
      </div>
    </>
  );
});
