// Pieces every settings control shares: the input look, ids, and the
// error and help lines tied to the control (aria-describedby).
import type { SettingKey } from "#contract/settings.ts";
import { FieldError as SharedFieldError, FieldHelp as SharedFieldHelp, fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import type { Theme } from "#contract/theme.ts";
import type { SettingsValues } from "./settings-form.ts";

export { inputClass } from "#web/admin/shared/form-field-parts.tsx";

export const settingIds = fieldIds("setting");
export const fieldId = settingIds.field;
export const errorId = settingIds.error;
export const helpId = settingIds.help;
export const describedBy = settingIds.describedBy;

export interface FieldContext {
  values: SettingsValues;
  errors: Partial<Record<string, string>>;
  theme: Theme;
  set(key: SettingKey, value: string): void;
  /** Sets a field's error (an image that may not be uploaded) or clears it. */
  setError(key: SettingKey, message: string | undefined): void;
}

export const FieldError = ({ field, error }: { field: string; error: string | undefined }) => <SharedFieldError ids={settingIds} field={field} error={error} />;

export const FieldHelp = ({ field, help }: { field: string; help: string | undefined }) => <SharedFieldHelp ids={settingIds} field={field} help={help} />;

