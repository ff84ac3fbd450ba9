// 手機版與背景: a container's rules below 768 px (the columns' order, the
// columns hidden on phones, the gap between them) and its background colour.
// Saved as one change (one undo step).
import { useId, useState, type FormEvent } from "react";
import { MOBILE_GAP_LABELS, MOBILE_GAPS, MOBILE_ORDER_LABELS, type BuilderContainer, type MobileGap } from "#contract/page-builder/tree.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { DialogActions } from "./dialog-actions.tsx";
import { columnName, containerName } from "./place-words.ts";
import type { MobileRules } from "./tree-edits.ts";

interface ContainerSettingsDialogProps {
  container: BuilderContainer;
  index: number;
  onSave(mobile: MobileRules, background: string): void;
  onClose(): void;
}

const DEFAULT_BACKGROUND = "#f3f4f6";
const ORDERS = ["normal", "reverse"] as const;

export function ContainerSettingsDialog({ container, index, onSave, onClose }: ContainerSettingsDialogProps) {
  const [order, setOrder] = useState(container.mobile.order);
  const [hidden, setHidden] = useState<readonly string[]>(container.mobile.hidden);
  const [gap, setGap] = useState<MobileGap>(container.mobile.gap);
  const [coloured, setColoured] = useState(container.background !== "");
  const [colour, setColour] = useState(container.background || DEFAULT_BACKGROUND);
  const gapId = useId();
  const colourId = useId();
  const allHidden = container.columns.every((column) => hidden.includes(column.id));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave({ order, hidden: [...hidden], gap }, coloured ? colour.toLowerCase() : "");
  }

  const toggleHidden = (id: string, hide: boolean) => setHidden((current) => (hide ? [...current, id] : current.filter((entry) => entry !== id)));

  return (
    <AdminDialog
      open
      title={`手機版與背景：${containerName(container, index)}`}
      onClose={onClose}
      unsaved={order !== container.mobile.order || hidden.join() !== container.mobile.hidden.join() || gap !== container.mobile.gap || (coloured ? colour.toLowerCase() : "") !== container.background}
    >
      <form onSubmit={submit} className="space-y-5" data-testid="pb-settings-form">
        <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
          <legend className="px-1 font-semibold text-gray-900">手機版（寬度 768 像素以下）</legend>
          <p className="text-sm text-gray-600">在手機上，這個容器的欄會上下排列；電腦與平板不受這些設定影響。</p>
          <fieldset>
            <legend className="text-sm font-medium text-gray-700">手機上的排列順序</legend>
            <div className="mt-1 flex flex-wrap gap-x-5">
              {ORDERS.map((value) => (
                <label key={value} className="inline-flex min-h-11 items-center gap-2 text-gray-800">
                  <input type="radio" name="pb-mobile-order" value={value} checked={order === value} onChange={() => setOrder(value)} className="size-4" />
                  {MOBILE_ORDER_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium text-gray-700">手機上隱藏的欄</legend>
            <div className="mt-1 flex flex-col">
              {container.columns.map((column, columnIndex) => (
                <label key={column.id} className="inline-flex min-h-11 items-center gap-2 text-gray-800">
                  <input type="checkbox" checked={hidden.includes(column.id)} onChange={(event) => toggleHidden(column.id, event.target.checked)} className="size-4" />
                  {columnName(container, columnIndex)}
                  {column.elements.length === 0 ? <span className="text-sm text-gray-600">（空的）</span> : null}
                </label>
              ))}
            </div>
            {allHidden ? (
              <p className="mt-1 text-sm text-amber-800" role="status">
                每一欄都隱藏了：這個容器在手機上不會顯示。
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor={gapId} className="text-sm font-medium text-gray-700">
              手機上欄與欄的間距
            </label>
            <select id={gapId} value={gap} onChange={(event) => setGap(event.target.value as MobileGap)} className={inputClass} data-testid="pb-mobile-gap">
              {MOBILE_GAPS.map((value) => (
                <option key={value} value={value}>
                  {MOBILE_GAP_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">背景顏色（所有寬度）</legend>
          <label className="mt-1 inline-flex min-h-11 items-center gap-2 text-gray-800">
            <input type="checkbox" checked={coloured} onChange={(event) => setColoured(event.target.checked)} className="size-4" />
            使用背景顏色（不勾選：透明，顯示頁面的背景）
          </label>
          {coloured ? (
            <div className="flex items-center gap-3">
              <label htmlFor={colourId} className="text-sm text-gray-700">
                顏色
              </label>
              <input id={colourId} type="color" value={colour} onChange={(event) => setColour(event.target.value)} className="h-11 w-16 cursor-pointer rounded border border-gray-300" data-testid="pb-background" />
              <span className="font-mono text-sm text-gray-700">{colour.toUpperCase()}</span>
            </div>
          ) : null}
        </fieldset>
        <DialogActions confirmLabel="儲存" onCancel={onClose} />
      </form>
    </AdminDialog>
  );
}
