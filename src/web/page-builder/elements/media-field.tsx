// A picture or a video of an element: its address (a file of the media
// library, or an https:// address typed in), a preview, 從媒體庫選擇 and 移除.
// The address box is the field the errors point at and the first error focuses.
import { FolderOpen, Trash2 } from "lucide-react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { TextField, Thumbnail } from "#web/admin/shared/dialog-fields.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import type { FieldIds } from "#web/admin/shared/form-field-parts.tsx";
import type { MediaRequest } from "./element-dialog.tsx";

interface MediaFieldProps {
  ids: FieldIds;
  field: string;
  label: string;
  kind: MediaRequest["accept"];
  value: string;
  errors: FieldErrors;
  required?: boolean;
  /** Says （選填） after the label. */
  optional?: boolean;
  help: string;
  onChange(address: string): void;
  /** Told of the chosen file (an image's alt text in the library may become the element's). */
  onPicked?(file: Parameters<MediaRequest["onConfirm"]>[0]): void;
  pick(request: MediaRequest): void;
}

export const secondaryButton = `inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 ${focusRing}`;

export function MediaField({ ids, field, label, kind, value, errors, required, optional, help, onChange, onPicked, pick }: MediaFieldProps) {
  const address = value.trim();
  return (
    <div className="space-y-2 rounded-xl bg-gray-50 p-4">
      <TextField ids={ids} field={field} label={optional ? `${label}（選填）` : label} required={required} value={value} errors={errors} help={help} placeholder="https://…" onChange={onChange} />
      {address ? (
        kind === "image" ? (
          <Thumbnail src={address} alt={`${label}預覽`} className="aspect-video w-full max-w-xs rounded-lg" testId={`${field}-preview`} />
        ) : (
          <p className="break-all text-sm text-gray-700" data-testid={`${field}-preview`}>
            目前的影片：{address.split("/").pop()}
          </p>
        )
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() =>
            pick({
              accept: kind,
              title: `選擇${label}`,
              onConfirm: (file) => {
                onChange(file.file_path || file.file_url);
                onPicked?.(file);
              },
            })
          }
        >
          <FolderOpen aria-hidden size={16} />
          從媒體庫選擇
        </button>
        {address ? (
          <button type="button" onClick={() => onChange("")} className={`${secondaryButton} border-red-200 text-red-700 hover:bg-red-50`}>
            <Trash2 aria-hidden size={16} />
            移除{label}
          </button>
        ) : null}
      </div>
    </div>
  );
}
