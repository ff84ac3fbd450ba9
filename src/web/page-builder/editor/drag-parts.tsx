// The small parts of the canvas's drag and drop: a card's or container's drag
// handle, the canvas's drop layer (dnd-kit's one droppable) and the landing
// line. Only the drop layer is dnd-kit's; the handles hand their presses to
// the hub (drag-hub.tsx), and the handles and lines follow the drag store, so
// a drag re-renders the few parts it concerns (issue 24).
import { useDroppable } from "@dnd-kit/core";
import { memo } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { CANVAS_DROP_ID, NO_RESIZE_WATCH } from "./drag-drop.ts";
import { useDragHub, type HandlePress } from "./drag-hub.tsx";
import { useIsDragged, useLandingBefore } from "./drag-store.ts";
import { useEditor } from "./editor-context.ts";

const dragHandle = `grid size-9 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-800 active:cursor-grabbing max-md:size-11 ${focusRing}`;

/**
 * lucide's grip-vertical drawn as one path of six round dots rather than six
 * circles: with a handle on every card, those circles were a fifth of a large
 * page's nodes, which the browser restyles each time a dialog opens or closes.
 * The same element each render: React skips it.
 */
const GRIP = (
  <svg aria-hidden width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={4} strokeLinecap="round">
    <path d="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" />
  </svg>
);
/** dnd-kit's keyboard sensor starts a drag on these keys (its defaults). */
const START_KEYS = new Set(["Space", "Enter"]);

interface DragHandleProps {
  /** The element's or container's id. */
  id: string;
  kind: "element" | "container";
  /** The element's column (elements only). */
  columnId?: string;
  index: number;
  /** The node's name: the handle is 拖曳移動：{name}. */
  name: string;
  /** Its node is selected: the handle is one of the actions Tab reaches (the canvas's other handles are not, canvas.tsx). */
  tabbable: boolean;
  className: string;
  rounded: string;
  testId: string;
}

/**
 * The drag handle, in the card or container it moves (its nearest list item,
 * which dnd-kit measures and the keyboard scrolls into view). While its node
 * is dragged it is pressed, and a layer over the node marks the place it
 * leaves.
 */
export const DragHandle = memo(function DragHandle({ id, kind, columnId = "", index, name, tabbable, className, rounded, testId }: DragHandleProps) {
  const { actions, ids } = useEditor();
  const hub = useDragHub();
  const dragged = useIsDragged(id);
  const press = (event: HandlePress) => hub.press(event, id, kind === "element" ? { kind, columnId, index } : { kind, index });
  return (
    <>
      <button
        type="button"
        id={ids.action(id, "drag")}
        aria-label={`拖曳移動：${name}`}
        aria-roledescription="可拖曳"
        aria-describedby={hub.describedBy}
        aria-pressed={dragged || undefined}
        tabIndex={tabbable ? undefined : -1}
        onPointerDown={press}
        onKeyDown={(event) => START_KEYS.has(event.code) && press(event)}
        onFocus={() => actions.select(id)}
        title="拖曳移動"
        className={`${dragHandle} ${className}`}
        data-testid={testId}
      >
        {GRIP}
      </button>
      {dragged ? <div aria-hidden className={`pointer-events-none absolute inset-0 z-10 bg-white/70 outline-2 outline-blue-600 outline-dashed ${rounded}`} data-testid="pb-drag-origin" /> : null}
    </>
  );
});

/** The droppable: a layer over the canvas (its parent, which is positioned) that does not take the pointer. */
export function CanvasDropLayer() {
  const { setNodeRef } = useDroppable({ id: CANVAS_DROP_ID, resizeObserverConfig: NO_RESIZE_WATCH });
  return <div ref={setNodeRef} aria-hidden className="pointer-events-none absolute inset-0" />;
}

/** The line where the dragged node would land, in the gap above the item at `index` of `list` (or, with `after`, below it: after a list's last item). */
export function LandingLine({ list, index, after = false }: { list: string; index: number; after?: boolean }) {
  const shown = useLandingBefore(list, after ? index + 1 : index);
  return shown ? <div aria-hidden className={`pointer-events-none absolute inset-x-0 h-1 rounded bg-blue-600 ${after ? "-bottom-1.5" : "-top-1.5"}`} data-testid="pb-landing" /> : null;
}
