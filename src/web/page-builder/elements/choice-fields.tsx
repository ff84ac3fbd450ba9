// Small fields the element dialogs share beyond the back office's text and
// select fields: a row of radio buttons (arrow keys move between them, as
// native radios do), a checkbox with its help, and a colour with its
// #RRGGBB text beside the browser's colour well.
import type { ReactNode } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { FieldError, FieldHelp, inputClass, type FieldIds } from "#web/admin/shared/form-field-parts.tsx";

interface ChoiceFieldProps<T extends string> {
  ids: FieldIds;
  field: string;
  legend: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; icon?: ReactNode }>;
  errors: FieldErrors;
  onChange(value: T): void;
}

export function ChoiceField<T extends string>({ ids, field, legend, value, options, errors, onChange }: ChoiceFieldProps<T>) {
  const error = errors[field];
  return (
    <fieldset data-testid={`field-${field}`} aria-describedby={ids.describedBy(field, error, undefined)}>
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option, index) => (
          <label
            key={option.value}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-800 has-checked:border-blue-600 has-checked:bg-blue-50 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600"
          >
            <input
              type="radio"
              id={index === 0 ? ids.field(field) : undefined}
              name={ids.field(field)}
              value={option.value}
              checked={value === option.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option.value)}
              className="size-4 accent-blue-600"
            />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
      <FieldError ids={ids} field={field} error={error} />
    </fieldset>
  );
}

export function CheckboxField({ ids, field, label, help, checked, errors, onChange }: { ids: FieldIds; field: string; label: string; help: string; checked: boolean; errors: FieldErrors; onChange(on: boolean): void }) {
  const error = errors[field];
  return (
    <div data-testid={`field-${field}`}>
      <label className="-mx-2 inline-flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 font-medium text-gray-800">
        <input
          type="checkbox"
          id={ids.field(field)}
          name={field}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy(field, error, help)}
          onChange={(event) => onChange(event.target.checked)}
          className={`size-5 accent-blue-600 ${focusRing}`}
        />
        {label}
      </label>
      <FieldHelp ids={ids} field={field} help={help} />
      <FieldError ids={ids} field={field} error={error} />
    </div>
  );
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ColourField({ ids, field, label, value, errors, onChange }: { ids: FieldIds; field: string; label: string; value: string; errors: FieldErrors; onChange(colour: string): void }) {
  const error = errors[field];
  return (
    <div data-testid={`field-${field}`}>
      <label htmlFor={ids.field(field)} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="flex items-start gap-2">
        {/* The well shows the colour typed beside it while that is a colour; black until then. */}
        <input
          type="color"
          aria-label={`${label}（色盤）`}
          value={HEX.test(value) ? value.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value)}
          className={`mt-1 h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-gray-300 bg-white p-1 ${focusRing}`}
        />
        <input
          id={ids.field(field)}
          name={field}
          type="text"
          value={value}
          spellCheck={false}
          autoComplete="off"
          placeholder="#RRGGBB"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy(field, error, undefined)}
          onChange={(event) => onChange(event.target.value.trim())}
          className={`${inputClass} font-mono`}
        />
      </div>
      <FieldError ids={ids} field={field} error={error} />
    </div>
  );
}
