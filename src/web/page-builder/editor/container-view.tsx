// One container in the canvas: its drag handle, its name and layout drawing
// (the button that selects it), its phone rules in words, its actions when
// selected (a menu on a phone), and its columns at their layout's widths on a
// wide screen (stacked on a phone, as the page does). Its background colour is
// shown behind the columns. Its drag handle and landing lines are small parts
// of their own (drag-parts.tsx): a drag re-renders them, not the container.
// The handle is drawn first but comes last in the Tab order, after the
// selected container's actions (canvas.tsx: Tab goes to the actions).
import { memo, useEffect, useRef } from "react";
import { layoutOf } from "#contract/page-builder/layouts.ts";
import { MOBILE_GAP_LABELS, MOBILE_ORDER_LABELS, type BuilderContainer } from "#contract/page-builder/tree.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { LayoutDrawing } from "#web/page-builder/layout-picker.tsx";
import { canvasHelpId } from "./canvas-help.ts";
import { ColumnView } from "./column-view.tsx";
import { DragHandle, LandingLine } from "./drag-parts.tsx";
import { CONTAINER_LIST } from "./drop-places.ts";
import { useEditor } from "./editor-context.ts";
import { useFirstTabStop, useSelected } from "./editor-store.ts";
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

export const ContainerView = memo(function ContainerView({ container, index, count }: ContainerViewProps) {
  const { store, actions } = useEditor();
  const selected = useSelected(store, container.id);
  const section = useRef<HTMLLIElement | null>(null);
  const name = containerName(container, index);

  useEffect(() => {
    if (selected) section.current?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  return (
    <li
      ref={section}
      aria-label={name}
      className={`relative rounded-xl border-2 bg-white ${selected ? "border-blue-600" : "border-gray-200"}`}
      data-testid="pb-container"
      data-node-id={container.id}
      data-selected={selected || undefined}
    >
      <div className="flex items-center gap-1 p-1.5 pl-11.5 max-md:pl-13.5" onClick={() => actions.select(container.id)}>
        <ContainerHeader container={container} index={index} count={count} selected={selected} />
      </div>
      <ContainerBody container={container} index={index} count={count} selected={selected} />
      <DragHandle id={container.id} kind="container" index={index} name={name} tabbable={selected} className="absolute top-1.5 left-1.5" rounded="rounded-xl" testId="pb-drag-container" />
      <LandingLine list={CONTAINER_LIST} index={index} />
      {index === count - 1 ? <LandingLine list={CONTAINER_LIST} index={index} after /> : null}
    </li>
  );
});

interface ContainerPartProps extends ContainerViewProps {
  selected: boolean;
}

/** The container's name and layout drawing (the button that selects it), and its menu on a phone. */
const ContainerHeader = memo(function ContainerHeader({ container, index, count, selected }: ContainerPartProps) {
  const { store, actions, ids, wide } = useEditor();
  const tabStop = useFirstTabStop(store, index === 0) || selected;
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
        aria-describedby={canvasHelpId(ids.card)}
        tabIndex={tabStop ? 0 : -1}
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
      {wide ? null : <NodeActionMenu kind="container" id={container.id} name={name} first={index === 0} last={index === count - 1} tabbable={selected} />}
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
          <ColumnView
            key={column.id}
            column={column}
            name={columnName(container, columnIndex)}
            place={columnWords(index, columnIndex)}
            hiddenOnMobile={hidden.has(column.id)}
            startsPage={index === 0 && columnIndex === 0}
            endsPage={index === count - 1 && columnIndex === container.columns.length - 1}
          />
        ))}
      </div>
    </>
  );
});
