// The canvas: the page's containers, their columns and elements, as cards,
// in one DndContext (pointer and keyboard sensors) so elements move within
// and across columns and containers move among themselves. What a drop does
// is the editor's (onDrop); this file says where a drag is, in words, while
// it happens (dnd-kit's own live region).
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { LayoutTemplate } from "lucide-react";
import { memo, useLayoutEffect, useMemo, useRef } from "react";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { ContainerView } from "./container-view.tsx";
import { builderCollisions, builderKeyboardCoordinates, dropTarget, type DropTarget } from "./drag-drop.ts";
import { elementName } from "./node-names.ts";
import { columnWords, containerName } from "./place-words.ts";
import { locate } from "./tree-lookup.ts";

interface CanvasProps {
  tree: BuilderTree;
  onDrop(target: DropTarget, byKeyboard: boolean): void;
  onAddFirstContainer(): void;
}

function nameOf(tree: BuilderTree, id: UniqueIdentifier): string {
  const place = locate(tree, String(id));
  if (place?.kind === "element") return elementName(place.element);
  if (place?.kind === "container") return containerName(place.container, place.containerIndex);
  return "";
}

/** Where a drop over this droppable would put the dragged node, in words. */
function placeWords(tree: BuilderTree, activeId: UniqueIdentifier, overId: UniqueIdentifier): string {
  const target = dropTarget(tree, String(activeId), String(overId));
  if (!target) return "原來的位置";
  if (target.kind === "container") return `第 ${target.index + 1} 個位置`;
  const column = locate(tree, target.target.columnId);
  if (column?.kind !== "column") return "";
  const sameColumn = column.column.elements.some((element) => element.id === activeId);
  const count = column.column.elements.length + (sameColumn ? 0 : 1);
  return `${columnWords(column.containerIndex, column.columnIndex)}的第 ${target.target.index + 1} 個位置（共 ${count} 個）`;
}

// Constant options: a new options object each render would make new sensors, and dnd-kit would then re-render every card.
const POINTER_OPTIONS = { activationConstraint: { distance: 5 } };
const KEYBOARD_OPTIONS = { coordinateGetter: builderKeyboardCoordinates };

export const Canvas = memo(function Canvas({ tree, onDrop, onAddFirstContainer }: CanvasProps) {
  // Announcements and the drop read the tree of the moment, not of the render that started the drag.
  const current = useRef(tree);
  useLayoutEffect(() => {
    current.current = tree;
  }, [tree]);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));

  // dnd-kit reports the node over its own place right after the pick-up, which would replace 已拿起 before anyone hears it.
  const justPickedUp = useRef(false);
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => {
        justPickedUp.current = true;
        return `已拿起「${nameOf(current.current, active.id)}」`;
      },
      onDragOver: ({ active, over }) => {
        const first = justPickedUp.current;
        justPickedUp.current = false;
        if (first && over?.id === active.id) return undefined;
        return over ? `移到${placeWords(current.current, active.id, over.id)}` : "不在可放下的位置";
      },
      // The editor says where it went once the move is made (its own live region); a drop that changes nothing is said here.
      onDragEnd: ({ active, over }) => (over && dropTarget(current.current, String(active.id), String(over.id)) ? undefined : `已放下「${nameOf(current.current, active.id)}」，位置沒有改變`),
      onDragCancel: ({ active }) => `已取消移動「${nameOf(current.current, active.id)}」`,
    }),
    [],
  );

  function dragEnd({ active, over, activatorEvent }: DragEndEvent) {
    if (!over) return;
    const target = dropTarget(current.current, String(active.id), String(over.id));
    if (target) onDrop(target, activatorEvent instanceof KeyboardEvent);
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
    <DndContext
      sensors={sensors}
      collisionDetection={builderCollisions}
      onDragEnd={dragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: "按空白鍵拿起，用方向鍵移到別的位置（左右鍵可換欄），再按空白鍵放下；按 Escape 取消。" },
      }}
    >
      <ol className="flex flex-col gap-4" data-testid="pb-canvas">
        {tree.containers.map((container, index) => (
          <ContainerView key={container.id} container={container} index={index} count={tree.containers.length} />
        ))}
      </ol>
    </DndContext>
  );
});
