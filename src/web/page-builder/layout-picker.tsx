// The column-layout dialog (002 §2.6, §9): the 21 layouts in their two
// categories, each with its name, its widths in words and a small drawing of
// its columns. One radio group across both categories (arrow keys move and
// choose, as native radios do); 套用版面 or a double click picks.
import { useRef, useState, type RefObject } from "react";
import { COLUMN_LAYOUTS, LAYOUT_CATEGORY_LABELS, type ColumnLayout, type LayoutCategory } from "#contract/page-builder/layouts.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";

interface LayoutPickerProps {
  open: boolean;
  /** The container's layout now (chosen when the dialog opens and marked 目前); none for a new container. */
  current?: string;
  title?: string;
  onPick(layoutId: string): void;
  onClose(): void;
}

const CATEGORIES: readonly LayoutCategory[] = ["basic", "advanced"];
const DEFAULT_LAYOUT = "1";

const percent = (width: number) => `${Math.round(width)}%`;

/** "2 欄，每欄 50%", "3 欄，每欄約 33%", "2 欄：約 67%、33%", "1 欄，全寬": what the drawing shows, for the ear. */
export function layoutWidthsInWords(layout: ColumnLayout): string {
  const widths = layout.columns;
  if (widths.length === 1) return "1 欄，全寬";
  const about = widths.some((width) => !Number.isInteger(width)) ? "約 " : "";
  const equal = widths.every((width) => Math.abs(width - widths[0]!) < 0.1);
  if (equal) return `${widths.length} 欄，每欄${about ? "約" : ""} ${percent(widths[0]!)}`;
  return `${widths.length} 欄：${about}${widths.map(percent).join("、")}`;
}

/** The layout's columns as boxes of their widths: a picture of the pattern, silent (its words are beside it). */
export function LayoutDrawing({ layout }: { layout: ColumnLayout }) {
  return (
    <span aria-hidden className="flex h-10 w-full gap-1" data-testid="layout-drawing">
      {layout.columns.map((width, index) => (
        <span key={index} className="rounded-sm border border-blue-300 bg-blue-100" style={{ flex: `${width} 1 0` }} />
      ))}
    </span>
  );
}

export function LayoutPickerDialog({ open, current, title = "選擇欄位版面", onPick, onClose }: LayoutPickerProps) {
  // The chosen layout takes the cursor on opening, so arrow keys start from it.
  const chosen = useRef<HTMLInputElement>(null);
  return (
    <AdminDialog open={open} title={title} onClose={onClose} size="xl" initialFocus={chosen}>
      {open ? <LayoutForm current={current} chosen={chosen} onPick={onPick} onClose={onClose} /> : null}
    </AdminDialog>
  );
}

function LayoutForm({ current, chosen, onPick, onClose }: Pick<LayoutPickerProps, "current" | "onPick" | "onClose"> & { chosen: RefObject<HTMLInputElement | null> }) {
  const [selected, setSelected] = useState(current && COLUMN_LAYOUTS.some((layout) => layout.id === current) ? current : DEFAULT_LAYOUT);
  return (
    <form
      noValidate
      data-testid="layout-picker"
      onSubmit={(event) => {
        event.preventDefault();
        onPick(selected);
      }}
    >
      <div className="max-h-[60vh] space-y-5 overflow-y-auto p-1">
        {CATEGORIES.map((category) => (
          <fieldset key={category}>
            <legend className="mb-2 text-sm font-semibold text-gray-800">{LAYOUT_CATEGORY_LABELS[category]}</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {COLUMN_LAYOUTS.filter((layout) => layout.category === category).map((layout) => (
                <label
                  key={layout.id}
                  onDoubleClick={() => onPick(layout.id)}
                  className="relative flex min-h-11 cursor-pointer flex-col gap-2 rounded-xl border-2 border-gray-200 bg-white p-3 hover:border-blue-300 has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600"
                  data-testid={`layout-${layout.id}`}
                >
                  <input
                    ref={layout.id === selected ? chosen : undefined}
                    type="radio"
                    name="column-layout"
                    value={layout.id}
                    checked={layout.id === selected}
                    onChange={() => setSelected(layout.id)}
                    className="sr-only"
                  />
                  <LayoutDrawing layout={layout} />
                  <span className="font-medium text-gray-900">
                    {layout.name}
                    {layout.id === current ? <span className="ml-2 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-normal text-gray-800">目前</span> : null}
                  </span>
                  <span className="text-sm text-gray-700">{layoutWidthsInWords(layout)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-3 border-t border-gray-100 pt-4">
        <button type="button" onClick={onClose} className={`min-h-11 rounded-lg border border-gray-300 bg-white px-5 py-2 font-medium text-gray-700 hover:bg-gray-50 ${focusRing}`}>
          取消
        </button>
        <button type="submit" className={`min-h-11 rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`}>
          套用版面
        </button>
      </div>
    </form>
  );
}
