// 取消 and the confirming button at the foot of the editor's own dialogs (移動到…, 手機版與背景).
import { focusRing } from "#web/admin/shared/admin-notice.tsx";

export function DialogActions({ confirmLabel, onCancel }: { confirmLabel: string; onCancel(): void }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-gray-100 pt-4">
      <button type="button" onClick={onCancel} className={`min-h-11 rounded-lg border border-gray-300 bg-white px-5 py-2 font-medium text-gray-700 hover:bg-gray-50 ${focusRing}`}>
        取消
      </button>
      <button type="submit" className={`min-h-11 rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`}>
        {confirmLabel}
      </button>
    </div>
  );
}
