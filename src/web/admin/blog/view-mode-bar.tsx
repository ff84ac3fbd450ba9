// The editor's view controls (002 §2.1): edit / split / preview, and the
// preview's width (desktop, tablet 768 px, phone 375 px) while a preview shows.
import { Columns2, Eye, Monitor, PencilLine, Smartphone, Tablet } from "lucide-react";
import type { PreviewDevice } from "./post-preview.ts";
import { SegmentedControl } from "#web/admin/shared/segmented-control.tsx";

export type ViewMode = "edit" | "split" | "preview";

export function ViewModeBar({ mode, onMode, device, onDevice }: { mode: ViewMode; onMode(mode: ViewMode): void; device: PreviewDevice; onDevice(device: PreviewDevice): void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-gray-200 bg-white px-3 py-2 sm:px-4">
      <SegmentedControl<ViewMode>
        label="檢視模式"
        value={mode}
        onChange={onMode}
        options={[
          { value: "edit", label: "編輯", icon: <PencilLine aria-hidden size={16} /> },
          { value: "split", label: "分割", icon: <Columns2 aria-hidden size={16} /> },
          { value: "preview", label: "預覽", icon: <Eye aria-hidden size={16} /> },
        ]}
      />
      {mode === "edit" ? null : (
        <SegmentedControl<PreviewDevice>
          label="預覽寬度"
          value={device}
          onChange={onDevice}
          options={[
            { value: "desktop", label: "桌面", icon: <Monitor aria-hidden size={16} /> },
            { value: "tablet", label: "平板", icon: <Tablet aria-hidden size={16} /> },
            { value: "mobile", label: "手機", icon: <Smartphone aria-hidden size={16} /> },
          ]}
        />
      )}
    </div>
  );
}
