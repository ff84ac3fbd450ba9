// A list staff order by hand (service items and categories, an item's case
// images, a case's photo groups): each entry dragged by its handle (mouse, touch, or the keyboard:
// space, arrows, space) like the banners list, and moved one place with its
// own 上移 / 下移 buttons for those who do not drag. The screen saves the new
// order in one request. A move is announced to screen readers by name.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, GripVertical } from "lucide-react";
import { useState, type ReactNode } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";

/** Where an entry goes: a number of places later (negative: earlier), or onto another entry's place. */
export type MoveTarget = { by: number } | { onto: number };

export interface SortableParts {
  /** The drag handle, named 拖曳排序：{name}. */
  handle: ReactNode;
  /** 上移 / 下移 (前移 / 後移 in a grid). */
  moves: ReactNode;
  dragging: boolean;
}

interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** How people name one entry (an item's name, an image's title). */
  nameOf(item: T, index: number): string;
  /** What the entries are, for the instructions: 服務項目, 服務類別, 圖片. */
  noun: string;
  layout: "list" | "grid";
  /** Named by id, not by place: the list on screen may be a render behind the one being ordered. */
  onMove(id: number, target: MoveTarget): void;
  className: string;
  testId: string;
  itemTestId: string;
  itemClassName(dragging: boolean): string;
  renderItem(item: T, index: number, parts: SortableParts): ReactNode;
}

export function SortableList<T extends { id: number }>(props: SortableListProps<T>) {
  const { items, nameOf, noun, layout, onMove, className, testId } = props;
  const [announcement, setAnnouncement] = useState("");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameById = (id: UniqueIdentifier) => {
    const index = items.findIndex((item) => item.id === id);
    return index >= 0 ? nameOf(items[index]!, index) : "";
  };

  function step(index: number, by: number) {
    const to = index + by;
    if (by === 0 || to < 0 || to >= items.length) return;
    setAnnouncement(`已將「${nameOf(items[index]!, index)}」移到第 ${to + 1} 位`);
    onMove(items[index]!.id, { by });
  }

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(Number(active.id), { onto: Number(over.id) });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: `按空白鍵拿起${noun}，用方向鍵移動，再按空白鍵放下；按 Escape 取消。` },
        announcements: {
          onDragStart: ({ active }) => `已拿起${noun}「${nameById(active.id)}」`,
          onDragOver: ({ over }) => (over ? `移到「${nameById(over.id)}」的位置` : "移動中"),
          onDragEnd: ({ active, over }) => (over ? `已放下${noun}「${nameById(active.id)}」` : "已取消移動"),
          onDragCancel: () => "已取消移動",
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}>
        <ul className={className} data-testid={testId}>
          {items.map((item, index) => (
            <SortableEntry key={item.id} {...props} item={item} index={index} count={items.length} onStep={step} />
          ))}
        </ul>
      </SortableContext>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </DndContext>
  );
}

function SortableEntry<T extends { id: number }>({
  item,
  index,
  count,
  nameOf,
  layout,
  itemTestId,
  itemClassName,
  renderItem,
  onStep,
}: SortableListProps<T> & { item: T; index: number; count: number; onStep(index: number, by: number): void }) {
  const sortable = useSortable({ id: item.id });
  const name = nameOf(item, index);
  const handle = (
    <button
      type="button"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={`拖曳排序：${name}`}
      title="拖曳調整順序"
      className={`grid shrink-0 cursor-grab touch-none place-items-center rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-800 active:cursor-grabbing ${focusRing}`}
      data-testid="drag-handle"
    >
      <GripVertical aria-hidden size={20} />
    </button>
  );
  const moves = <MoveButtons index={index} count={count} name={name} layout={layout} onStep={onStep} />;
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      className={itemClassName(sortable.isDragging)}
      data-testid={itemTestId}
      data-id={item.id}
    >
      {renderItem(item, index, { handle, moves, dragging: sortable.isDragging })}
    </li>
  );
}

const moveButton = `inline-flex items-center justify-center gap-1 rounded-lg border border-gray-200 bg-white px-2.5 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white ${focusRing}`;

/**
 * One place earlier or later. At either end the button stays focusable but does
 * nothing (aria-disabled): a keyboard user who moved an entry to the top keeps
 * the focus where it was.
 */
function MoveButtons({ index, count, name, layout, onStep }: { index: number; count: number; name: string; layout: "list" | "grid"; onStep(index: number, by: number): void }) {
  const [Earlier, Later] = layout === "grid" ? [ArrowLeft, ArrowRight] : [ArrowUp, ArrowDown];
  const [earlier, later] = layout === "grid" ? ["前移", "後移"] : ["上移", "下移"];
  const first = index === 0;
  const last = index === count - 1;
  return (
    <>
      <button type="button" aria-disabled={first || undefined} onClick={() => !first && onStep(index, -1)} className={moveButton} data-testid="move-earlier">
        <Earlier aria-hidden size={16} />
        {earlier}
        <span className="sr-only">：{name}</span>
      </button>
      <button type="button" aria-disabled={last || undefined} onClick={() => !last && onStep(index, 1)} className={moveButton} data-testid="move-later">
        <Later aria-hidden size={16} />
        {later}
        <span className="sr-only">：{name}</span>
      </button>
    </>
  );
}
