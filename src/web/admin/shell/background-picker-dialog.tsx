// The back-office background colour (001 §2): 15 presets, applied at
// once, kept in this browser (admin_theme_color), never sent to the server.
import { Check } from "lucide-react";
import { BACKGROUND_PRESETS, type BackgroundPreset } from "./background.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";

interface BackgroundPickerDialogProps {
  open: boolean;
  current: BackgroundPreset;
  onPick(preset: BackgroundPreset): void;
  onClose(): void;
}

export function BackgroundPickerDialog({ open, current, onPick, onClose }: BackgroundPickerDialogProps) {
  return (
    <AdminDialog open={open} title="後台背景顏色" onClose={onClose}>
      <p className="mb-4 text-sm text-gray-600">選擇後立即套用，只儲存在這個瀏覽器。</p>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="背景顏色選項">
        {BACKGROUND_PRESETS.map((preset) => {
          const selected = preset.id === current.id;
          return (
            <li key={preset.id}>
              <button
                type="button"
                onClick={() => onPick(preset)}
                aria-pressed={selected}
                aria-label={preset.label}
                title={preset.label}
                data-preset={preset.id}
                className={`flex w-full flex-col items-center gap-1 rounded-lg p-1.5 text-xs focus-visible:outline-2 focus-visible:outline-blue-600 ${
                  selected ? "bg-blue-50 font-semibold text-blue-800" : "text-gray-600 hover:bg-gray-50"
                }`}
              >
                <span
                  className={`flex h-10 w-10 items-center justify-center rounded-full border ${selected ? "border-blue-600 ring-2 ring-blue-600/40" : "border-gray-300"}`}
                  style={{ backgroundColor: preset.color }}
                >
                  {selected ? <Check aria-hidden size={18} className={preset.dark ? "text-white" : "text-blue-700"} /> : null}
                </span>
                <span className="leading-tight">{preset.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </AdminDialog>
  );
}
