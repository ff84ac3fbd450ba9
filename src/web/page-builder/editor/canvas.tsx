// The canvas: the page's containers, their columns and elements, as cards,
// and one DndContext (pointer and keyboard sensors) so elements move within
// and across columns and containers move among themselves. The cards sit
// beside the DndContext, not in it (drag-hub.tsx says why); where a drag
// would land is drag-drop.ts's, what a drop does the editor's (onDrop). This
// file says where a drag is, in words, while it happens (dnd-kit's own live
// region), keeps the drag store the landing line follows, and shows the
// dragged node's name following the pointer (a light copy: the card itself
// stays in place). The canvas is one tab stop: its nodes' own buttons are a
// roving set that the arrow keys walk (outline-order.ts), Alt + ↑ / ↓ move
// the node as in the outline, and Tab goes on to the selected node's actions
// (decision 040: 87 Tab presses stood between the outline and a card's handle).
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDndContext,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardSensorOptions,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { GripVertical, LayoutTemplate } from "lucide-react";
import { memo, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import type { PageNames } from "#web/page-builder/elements/link-choices.ts";
import { CANVAS_HELP, canvasHelpId } from "./canvas-help.ts";
import { ContainerView } from "./container-view.tsx";
import { DragHub, DragHubContext, type DragHubEnvironment, type DragHubHandle } from "./drag-hub.tsx";
import { CanvasDropLayer } from "./drag-parts.tsx";
import { builderCollisions, builderKeyboardCoordinates, originOf, targetOf } from "./drag-drop.ts";
import { DragStore, DragStoreContext } from "./drag-store.ts";
import type { DropTarget } from "./drop-places.ts";
import { useEditor } from "./editor-context.ts";
import { elementName, usePageNamesContext } from "./node-names.ts";
import { canvasMove } from "./outline-order.ts";
import { columnWords, containerName } from "./place-words.ts";
import { locate } from "./tree-lookup.ts";

interface CanvasProps {
  tree: BuilderTree;
  onDrop(target: DropTarget, byKeyboard: boolean): void;
  onAddFirstContainer(): void;
}

function nameOf(tree: BuilderTree, id: UniqueIdentifier, pageNames: PageNames): string {
  const place = locate(tree, String(id));
  if (place?.kind === "element") return elementName(place.element, pageNames);
  if (place?.kind === "container") return containerName(place.container, place.containerIndex);
  return "";
}

/** Where a drop would put the dragged node, in words. */
function placeWords(tree: BuilderTree, activeId: UniqueIdentifier, target: DropTarget | null): string {
  if (!target) return "原來的位置";
  if (target.kind === "container") return `第 ${target.index + 1} 個位置`;
  const column = locate(tree, target.target.columnId);
  if (column?.kind !== "column") return "";
  const sameColumn = column.column.elements.some((element) => element.id === activeId);
  const count = column.column.elements.length + (sameColumn ? 0 : 1);
  return `${columnWords(column.containerIndex, column.columnIndex)}的第 ${target.target.index + 1} 個位置（共 ${count} 個）`;
}

// Constant options: new options each render would make new sensors, and DndContext new activators.
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
/** The preview is as tall as its content, not as the dragged card (which may hold a tall preview of its own). */
const PREVIEW_STYLE = { height: "auto" };
const INSTRUCTIONS = { draggable: "按空白鍵拿起，用方向鍵移到別的位置（左右鍵可換欄），再按空白鍵放下；按 Escape 取消。" };
const samePlace = (a: DropTarget | null, b: DropTarget | null) => JSON.stringify(a) === JSON.stringify(b);
const WALKING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"]);

export const Canvas = memo(function Canvas({ tree, onDrop, onAddFirstContainer }: CanvasProps) {
  // Announcements and the drop read the tree of the moment, not of the render that started the drag.
  const current = useRef(tree);
  useLayoutEffect(() => {
    current.current = tree;
  }, [tree]);
  const pageNames = usePageNamesContext();
  const names = useRef(pageNames);
  useLayoutEffect(() => {
    names.current = pageNames;
  }, [pageNames]);
  const [store] = useState(() => new DragStore());
  // The cards sit outside DndContext (drag-hub.tsx); their handles reach the hub inside it, and dnd-kit's instructions by this id.
  const instructionsId = useId();
  const hub = useRef<DragHubHandle>(null);
  const hubEnvironment = useMemo<DragHubEnvironment>(() => ({ describedBy: instructionsId, press: (event, id, data) => hub.current?.press(event, id, data) }), [instructionsId]);
  // The place said last (a drag's places are said once each), and the place of the drop that just ended.
  const said = useRef<DropTarget | null>(null);
  const dropped = useRef<DropTarget | null>(null);
  // The keyboard moves in instant steps: a smooth scroll would pass over places on its way.
  const keyboardOptions = useMemo<KeyboardSensorOptions>(() => ({ coordinateGetter: builderKeyboardCoordinates(() => current.current), scrollBehavior: "instant" }), []);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));
  const { actions, ids } = useEditor();

  /** The keys of a node's own button: walk to another node (its focus selects it), or move the node. */
  function walk(event: KeyboardEvent<HTMLOListElement>) {
    const button = event.target as HTMLElement;
    const id = button.closest<HTMLElement>("[data-node-id]")?.dataset.nodeId;
    if (!id || button.id !== ids.card(id) || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.altKey) {
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      if (locate(current.current, id)?.kind !== "column") actions.step(id, event.key === "ArrowUp" ? -1 : 1);
    } else {
      if (!WALKING_KEYS.has(event.key)) return;
      const to = canvasMove(current.current, id, event.key);
      if (to) document.getElementById(ids.card(to))?.focus();
    }
    event.preventDefault();
  }

  const accessibility = useMemo(() => {
    const moved = ({ active }: { active: { id: UniqueIdentifier } }) => {
      const target = store.getTarget();
      if (samePlace(target, said.current)) return undefined;
      said.current = target;
      return `移到${placeWords(current.current, active.id, target)}`;
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => `已拿起「${nameOf(current.current, active.id, names.current)}」`,
      onDragMove: moved,
      onDragOver: moved,
      // The editor says where it went once the move is made (its own live region); a drop that changes nothing is said here.
      onDragEnd: ({ active }) => (dropped.current ? undefined : `已放下「${nameOf(current.current, active.id, names.current)}」，位置沒有改變`),
      onDragCancel: ({ active }) => `已取消移動「${nameOf(current.current, active.id, names.current)}」`,
    };
    return { announcements, screenReaderInstructions: INSTRUCTIONS };
  }, [store]);

  function dragStart({ active }: DragStartEvent) {
    said.current = null;
    store.start(originOf(active));
  }

  function dragMove({ collisions }: DragMoveEvent) {
    store.show(targetOf(collisions));
  }

  function dragEnd({ collisions, activatorEvent }: DragEndEvent) {
    dropped.current = targetOf(collisions);
    store.end();
    if (dropped.current) onDrop(dropped.current, activatorEvent instanceof KeyboardEvent);
  }

  if (tree.containers.length === 0) {
    return (
      <div className="grid place-items-center gap-3 rounded-xl border-2 border-dashed border-gray-300 bg-white p-10 text-center" data-testid="pb-empty">
        <LayoutTemplate aria-hidden size={32} className="text-gray-400" />
        <p className="text-gray-700">這個頁面還沒有內容。先新增一個容器，選好欄位版面，再把元素加進欄裡。</p>
        <button type="button" onClick={onAddFirstContainer} className={`min-h-11 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`} data-testid="pb-add-first-container">
          新增第一個容器
        </button>
      </div>
    );
  }

  return (
    <DragStoreContext.Provider value={store}>
      <DragHubContext.Provider value={hubEnvironment}>
        <div className="relative">
          <p id={canvasHelpId(ids.card)} hidden>
            {CANVAS_HELP}
          </p>
          <ol className="flex flex-col gap-4" onKeyDown={walk} data-testid="pb-canvas">
            {tree.containers.map((container, index) => (
              <ContainerView key={container.id} container={container} index={index} count={tree.containers.length} />
            ))}
          </ol>
          <DndContext
            id={instructionsId}
            sensors={sensors}
            collisionDetection={builderCollisions}
            onDragStart={dragStart}
            onDragMove={dragMove}
            onDragOver={dragMove}
            onDragEnd={dragEnd}
            onDragCancel={() => store.end()}
            accessibility={accessibility}
          >
            <DragHub hub={hub} />
            <CanvasDropLayer />
            <DragPreview tree={current} />
          </DndContext>
        </div>
      </DragHubContext.Provider>
    </DragStoreContext.Provider>
  );
});

/**
 * What follows the pointer (or the keyboard's moves): the dragged node's name
 * on a small card as wide as the node. Only this re-renders as the drag
 * moves; the preview starts where the node is, and no drop animation runs.
 */
function DragPreview({ tree }: { tree: RefObject<BuilderTree> }) {
  const { active } = useDndContext();
  const pageNames = usePageNamesContext();
  return (
    <DragOverlay dropAnimation={null} style={PREVIEW_STYLE}>
      {active ? <PreviewCard name={nameOf(tree.current, active.id, pageNames)} /> : null}
    </DragOverlay>
  );
}

const PreviewCard = memo(function PreviewCard({ name }: { name: string }) {
  return (
    <div className="flex min-h-11 items-center gap-2 rounded-lg border-2 border-blue-600 bg-white px-2 py-1 text-sm font-medium text-gray-900 shadow-xl" data-testid="pb-drag-preview">
      <GripVertical aria-hidden size={18} className="shrink-0 text-gray-500" />
      <span className="truncate">{name}</span>
    </div>
  );
});
