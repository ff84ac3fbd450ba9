// Pieces every settings control shares: the input look, ids, and the
// error and help lines tied to the control (aria-describedby).
import type { SettingKey } from "#contract/settings.ts";
import type { Theme } from "#contract/theme.ts";
import type { SettingsValues } from "./settings-form.ts";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/40 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-500/30";

export const fieldId = (key: string) => `setting-${key}`;
export const errorId = (key: string) => `setting-${key}-error`;
export const helpId = (key: string) => `setting-${key}-help`;

export interface FieldContext {
  values: SettingsValues;
  errors: Partial<Record<string, string>>;
  theme: Theme;
  set(key: SettingKey, value: string): void;
  /** Sets a field's error (an image that may not be uploaded) or clears it. */
  setError(key: SettingKey, message: string | undefined): void;
}

export function describedBy(key: string, error: string | undefined, help: string | undefined) {
  const ids = [error ? errorId(key) : "", help ? helpId(key) : ""].filter(Boolean).join(" ");
  return ids || undefined;
}

export function FieldError({ field, error }: { field: string; error: string | undefined }) {
  return error ? (
    <p id={errorId(field)} role="alert" className="mt-1 text-sm text-red-700" data-testid={`error-${field}`}>
      {error}
    </p>
  ) : null;
}

export function FieldHelp({ field, help }: { field: string; help: string | undefined }) {
  return help ? (
    <p id={helpId(field)} className="mt-1 text-xs text-gray-500">
      {help}
    </p>
  ) : null;
}

