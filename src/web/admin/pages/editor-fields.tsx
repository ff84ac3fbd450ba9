// The controls of the two visual editors: labelled fields whose errors and
// help lines are tied to them, a list of up to 3 badges, a one-per-line list
// and a group heading. Ids come from one fieldIds("page") so a refused save can
// focus its first error.
import { Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FieldError, FieldHelp, fieldIds, inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { addBadge, canAddBadge, linesText, MAX_BADGES, parseLines } from "./page-content.ts";

export const ids = fieldIds("page");
export type FieldErrors = Record<string, string>;

export const smallButton = `inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

interface BaseProps {
  field: string;
  label: string;
  errors?: FieldErrors;
  help?: string;
  required?: boolean;
}

function Label({ field, label, required }: Pick<BaseProps, "field" | "label" | "required">) {
  return (
    <label htmlFor={ids.field(field)} className="block text-sm font-medium text-gray-800">
      {label}
      {required ? (
        <span aria-hidden className="ml-0.5 text-red-600">
          *
        </span>
      ) : null}
    </label>
  );
}

export function TextField({ field, label, errors, help, required, value, onChange, type = "text", placeholder }: BaseProps & { value: string; onChange(value: string): void; type?: "text" | "url" | "number" | "tel"; placeholder?: string }) {
  const error = errors?.[field];
  return (
    <div data-testid={`field-${field}`}>
      <Label field={field} label={label} required={required} />
      <input
        id={ids.field(field)}
        name={field}
        type={type}
        inputMode={type === "number" ? "decimal" : undefined}
        value={value}
        placeholder={placeholder}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy(field, error, help)}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} min-h-11`}
      />
      <FieldHelp ids={ids} field={field} help={help} />
      <FieldError ids={ids} field={field} error={error} />
    </div>
  );
}

export function TextAreaField({ field, label, errors, help, value, onChange, rows = 3, placeholder }: BaseProps & { value: string; onChange(value: string): void; rows?: number; placeholder?: string }) {
  const error = errors?.[field];
  return (
    <div data-testid={`field-${field}`}>
      <Label field={field} label={label} />
      <textarea
        id={ids.field(field)}
        name={field}
        rows={rows}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy(field, error, help)}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
      <FieldHelp ids={ids} field={field} help={help} />
      <FieldError ids={ids} field={field} error={error} />
    </div>
  );
}

/** A list typed one item per line; blank lines are dropped from what is saved, not from what is typed. */
export function LinesField({ field, label, value, onChange, help = "每行一項，空白行會自動略過" }: Omit<BaseProps, "errors"> & { value: readonly string[]; onChange(lines: string[]): void }) {
  const [text, setText] = useState(() => linesText(value));
  return (
    <TextAreaField
      field={field}
      label={label}
      help={help}
      rows={Math.max(3, Math.min(8, value.length + 1))}
      value={text}
      onChange={(next) => {
        setText(next);
        onChange(parseLines(next));
      }}
    />
  );
}

export function SelectField({ field, label, value, onChange, options, help }: Omit<BaseProps, "errors"> & { value: string; onChange(value: string): void; options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <div data-testid={`field-${field}`}>
      <Label field={field} label={label} />
      <select
        id={ids.field(field)}
        name={field}
        value={value}
        aria-describedby={help ? ids.help(field) : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} min-h-11`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHelp ids={ids} field={field} help={help} />
    </div>
  );
}

/** Up to 3 feature badges: the add button is gone at 3 (002 §2.7, §5). */
export function BadgesField({ field, label, value, onChange }: { field: string; label: string; value: readonly string[]; onChange(badges: string[]): void }) {
  return (
    <fieldset className="space-y-2" data-testid={`field-${field}`}>
      <legend className="text-sm font-medium text-gray-800">
        {label}（最多 {MAX_BADGES} 個）
      </legend>
      {value.map((badge, index) => (
        <div key={index} className="flex items-center gap-2">
          <label htmlFor={ids.field(`${field}-${index}`)} className="sr-only">
            {label} {index + 1}
          </label>
          <input
            id={ids.field(`${field}-${index}`)}
            value={badge}
            onChange={(event) => onChange(value.map((item, position) => (position === index ? event.target.value : item)))}
            className={`${inputClass} mt-0 min-h-11`}
          />
          <button type="button" aria-label={`刪除${label} ${index + 1}`} onClick={() => onChange(value.filter((_, position) => position !== index))} className={smallButton}>
            <Trash2 aria-hidden size={16} />
          </button>
        </div>
      ))}
      {canAddBadge(value) ? (
        <button type="button" onClick={() => onChange(addBadge(value))} className={smallButton} data-testid={`${field}-add`}>
          <Plus aria-hidden size={16} />
          新增{label}
        </button>
      ) : (
        <p className="text-xs text-gray-600">已達 {MAX_BADGES} 個上限</p>
      )}
    </fieldset>
  );
}

export function EditorSection({ title, description, children, testId }: { title: string; description?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="space-y-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6" data-testid={testId}>
      <div>
        <h3 className="text-lg font-semibold text-gray-900">{title}</h3>
        {description ? <div className="mt-1 text-sm text-gray-600">{description}</div> : null}
      </div>
      {children}
    </section>
  );
}
