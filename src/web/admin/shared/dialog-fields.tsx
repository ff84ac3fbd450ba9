// The fields of the back office's form dialogs (services, categories, cases),
// on the shared field parts: a label, the control tied to its error and help
// lines, the form's own message, 取消 / 儲存, a picture's thumbnail and the
// overlay of a form that is busy uploading.
import { CircleAlert, ImageOff, LoaderCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FieldError, FieldHelp, inputClass, type FieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { useBeforeDiscard } from "./admin-dialog.tsx";
import type { FieldErrors } from "./dialog-form.ts";

interface TextFieldProps {
  ids: FieldIds;
  field: string;
  label: string;
  value: string;
  errors: FieldErrors;
  onChange(value: string): void;
  control?: "input" | "textarea" | "number" | "decimal";
  required?: boolean;
  help?: string;
  rows?: number;
  placeholder?: string;
}

export function TextField({ ids, field, label, value, errors, onChange, control = "input", required = false, help, rows = 3, placeholder }: TextFieldProps) {
  const error = errors[field];
  const props = {
    id: ids.field(field),
    name: field,
    value,
    placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy(field, error, help),
    "aria-required": required || undefined,
    className: inputClass,
  };
  return (
    <div data-testid={`field-${field}`}>
      <FieldLabel ids={ids} field={field} label={label} required={required} />
      {control === "textarea" ? (
        <textarea {...props} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : control === "number" ? (
        <input {...props} type="number" inputMode="numeric" min={0} step={1} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...props} type="text" inputMode={control === "decimal" ? "decimal" : undefined} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError ids={ids} field={field} error={error} />
      <FieldHelp ids={ids} field={field} help={help} />
    </div>
  );
}

export function SelectField({ ids, field, label, value, errors, onChange, options }: Omit<TextFieldProps, "control" | "rows" | "placeholder" | "required" | "help"> & { options: ReadonlyArray<{ value: string; label: string }> }) {
  const error = errors[field];
  return (
    <div data-testid={`field-${field}`}>
      <FieldLabel ids={ids} field={field} label={label} />
      <select
        id={ids.field(field)}
        name={field}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy(field, error, undefined)}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError ids={ids} field={field} error={error} />
    </div>
  );
}

function FieldLabel({ ids, field, label, required = false }: { ids: FieldIds; field: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={ids.field(field)} className="text-sm font-medium text-gray-700">
      {label}
      {required ? (
        <span className="text-red-700" aria-hidden>
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

/** The form's own message (the server's words), above the fields. */
export function FormMessage({ message, testId }: { message: string; testId: string }) {
  return message ? (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid={testId}>
      <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
      {message}
    </p>
  ) : null;
}

/** `form`: the id of the form 儲存 sends, when the buttons stand outside it. */
export function DialogButtons({ saving, onClose, form }: { saving: boolean; onClose(): void; form?: string }) {
  const beforeDiscard = useBeforeDiscard();
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-gray-100 pt-4">
      <button type="button" onClick={() => beforeDiscard(onClose)} className={`min-h-11 rounded-lg border border-gray-300 bg-white px-5 py-2 font-medium text-gray-700 hover:bg-gray-50 ${focusRing}`}>
        取消
      </button>
      <button
        type="submit"
        form={form}
        disabled={saving}
        className={`inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-5 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}
      >
        {saving ? <LoaderCircle aria-hidden size={16} className="animate-spin" /> : null}
        {saving ? "儲存中..." : "儲存"}
      </button>
    </div>
  );
}

/** A stored picture, or a placeholder when there is none or it cannot be loaded. */
export function Thumbnail({ src, alt, className, iconSize = 22, testId }: { src: string; alt: string; className: string; iconSize?: number; testId?: string }) {
  const [broken, setBroken] = useState("");
  if (src && broken !== src) {
    return <img src={src} alt={alt} loading="lazy" onError={() => setBroken(src)} className={`${className} object-cover`} data-testid={testId} />;
  }
  return (
    <span className={`${className} flex items-center justify-center bg-gray-100 text-gray-400`} data-testid={testId ? `${testId}-placeholder` : undefined}>
      <ImageOff aria-hidden size={iconSize} />
      {alt ? <span className="sr-only">{src ? `${alt}（無法載入）` : `${alt}（尚無圖片）`}</span> : null}
    </span>
  );
}

/** 上傳中... over what is being filled, so that nothing under it is pressed twice. */
export function BusyOverlay({ label, detail, children }: { label: string | null; detail?: string; children: ReactNode }) {
  return (
    <div className="relative" aria-busy={label ? true : undefined}>
      {children}
      {label ? (
        <div role="status" className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-1 rounded-xl bg-white/85 text-gray-800" data-testid="busy-overlay">
          <span className="inline-flex items-center gap-2 font-medium">
            <LoaderCircle aria-hidden size={20} className="animate-spin" />
            {label}
          </span>
          {detail ? <span className="text-sm text-gray-600">{detail}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
