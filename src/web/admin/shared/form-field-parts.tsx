// Pieces the back office's settings-style forms share (the site settings, the
// notification settings): the input look, ids under a prefix, the error and
// help lines tied to their control (aria-describedby), and the on/off switch.
import { focusRing } from "./admin-notice.tsx";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/40 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-500/30";

/** The ids of one form's controls: `{prefix}-{key}`, its error and its help line. */
export function fieldIds(prefix: string) {
  const field = (key: string) => `${prefix}-${key}`;
  const error = (key: string) => `${prefix}-${key}-error`;
  const help = (key: string) => `${prefix}-${key}-help`;
  const describedBy = (key: string, message: string | undefined, hint: string | undefined) =>
    [message ? error(key) : "", hint ? help(key) : ""].filter(Boolean).join(" ") || undefined;
  return { field, error, help, describedBy };
}
export type FieldIds = ReturnType<typeof fieldIds>;

export function FieldError({ ids, field, error }: { ids: FieldIds; field: string; error: string | undefined }) {
  return error ? (
    <p id={ids.error(field)} role="alert" className="mt-1 text-sm text-red-700" data-testid={`error-${field}`}>
      {error}
    </p>
  ) : null;
}

export function FieldHelp({ ids, field, help }: { ids: FieldIds; field: string; help: string | undefined }) {
  return help ? (
    <p id={ids.help(field)} className="mt-1 text-xs text-gray-600">
      {help}
    </p>
  ) : null;
}

/** An on/off setting: its label and help on the left, the switch on the right. */
export function SwitchField({ ids, field, label, help, checked, error, onChange }: { ids: FieldIds; field: string; label: string; help?: string; checked: boolean; error?: string; onChange(on: boolean): void }) {
  return (
    <div data-testid={`field-${field}`} className="flex items-start justify-between gap-4 rounded-lg border border-gray-200 px-4 py-3">
      <div>
        <label htmlFor={ids.field(field)} className="font-medium text-gray-800">
          {label}
        </label>
        <FieldHelp ids={ids} field={field} help={help} />
        <FieldError ids={ids} field={field} error={error} />
      </div>
      {/* A second label around the switch: 10 px of tap area on every side make it a
          44 px target (WCAG 2.5.5) without moving anything. */}
      <label className="relative -mx-2.5 -mb-2.5 -mt-2 inline-flex shrink-0 cursor-pointer p-2.5">
        <input
          id={ids.field(field)}
          name={field}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy(field, error, help)}
          onChange={(event) => onChange(event.target.checked)}
          className={`peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-gray-400 transition-colors checked:bg-blue-600 ${focusRing}`}
        />
        <span aria-hidden className="pointer-events-none absolute left-3 top-3 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5" />
      </label>
    </div>
  );
}
