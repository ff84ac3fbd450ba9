// The banners screen's list (002 §2.2): thumbnail, title, media type,
// on/off switch, edit and delete, in sort order; dragged by the handle (mouse,
// touch or keyboard: space, arrows, space) to reorder.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Film, GripVertical, Pencil, Trash2 } from "lucide-react";
import type { Banner } from "#contract/banner.ts";
import { bannerPicture, MEDIA_TYPE_LABELS, videoStatusText } from "./banner-form.ts";

interface BannerListProps {
  banners: readonly Banner[];
  busyId: number | null;
  onToggle(banner: Banner): void;
  onEdit(banner: Banner): void;
  onDelete(banner: Banner): void;
  onMove(from: number, to: number): void;
}

export function BannerList({ banners, busyId, onToggle, onEdit, onDelete, onMove }: BannerListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = banners.findIndex((banner) => banner.id === active.id);
    const to = banners.findIndex((banner) => banner.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: "按空白鍵拿起橫幅，用方向鍵移動，再按空白鍵放下；按 Escape 取消。" },
        announcements: {
          onDragStart: () => "已拿起橫幅",
          onDragOver: () => "移動中",
          onDragEnd: ({ over }) => (over ? "已放下橫幅" : "已取消"),
          onDragCancel: () => "已取消移動",
        },
      }}
    >
      <SortableContext items={banners.map((banner) => banner.id)} strategy={verticalListSortingStrategy}>
        <ul className="divide-y divide-gray-100 rounded-2xl bg-white text-gray-900 shadow-sm" data-testid="banner-list">
          {banners.map((banner) => (
            <BannerRow key={banner.id} banner={banner} busy={busyId === banner.id} onToggle={onToggle} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

const iconButton = "inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

function BannerRow({ banner, busy, onToggle, onEdit, onDelete }: { banner: Banner; busy: boolean } & Pick<BannerListProps, "onToggle" | "onEdit" | "onDelete">) {
  const sortable = useSortable({ id: banner.id });
  const picture = bannerPicture(banner);
  const videoStatus = banner.media_type === "video" ? videoStatusText(banner.video) : null;
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      className={`flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap ${sortable.isDragging ? "relative z-10 bg-blue-50 shadow-lg" : "bg-white"}`}
      data-testid="banner-row"
      data-banner-id={banner.id}
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        {...sortable.listeners}
        aria-label={`拖曳排序：${banner.title}`}
        className="cursor-grab touch-none rounded p-1.5 text-gray-400 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-blue-600 active:cursor-grabbing"
        data-testid="banner-drag-handle"
      >
        <GripVertical aria-hidden size={20} />
      </button>
      <div className="flex h-14 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-gray-100 text-gray-400">
        {picture ? (
          <img src={picture} alt="" width={96} height={56} loading="lazy" className="h-full w-full object-cover" data-testid="banner-thumbnail" />
        ) : (
          <Film aria-hidden size={24} />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold" data-testid="banner-title">
          {banner.title}
        </p>
        <p className="text-sm text-gray-600" data-testid="banner-media-type">
          {MEDIA_TYPE_LABELS[banner.media_type]}
        </p>
        {videoStatus ? (
          <p
            className={`text-sm font-medium ${videoStatus.tone === "error" ? "text-red-700" : "text-blue-800"}`}
            data-testid="banner-video-status"
            data-status={banner.video.status}
          >
            {videoStatus.text}
          </p>
        ) : null}
      </div>
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          role="switch"
          className="peer sr-only"
          checked={banner.is_active}
          disabled={busy}
          onChange={() => onToggle(banner)}
          aria-label={`啟用：${banner.title}`}
          data-testid="banner-toggle"
        />
        <span
          aria-hidden
          className="relative h-6 w-11 rounded-full bg-gray-300 transition-colors peer-checked:bg-green-500 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600 peer-disabled:opacity-50 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
        <span className="w-10 text-gray-700">{banner.is_active ? "啟用" : "停用"}</span>
      </label>
      <div className="flex gap-1">
        <button type="button" onClick={() => onEdit(banner)} className={`${iconButton} text-blue-700 hover:bg-blue-50`}>
          <Pencil aria-hidden size={16} />
          編輯
        </button>
        <button type="button" onClick={() => onDelete(banner)} disabled={busy} className={`${iconButton} text-red-700 hover:bg-red-50 disabled:opacity-50`}>
          <Trash2 aria-hidden size={16} />
          刪除
        </button>
      </div>
    </li>
  );
}
