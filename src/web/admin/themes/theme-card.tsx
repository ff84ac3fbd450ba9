// One theme on /admin/themes (002 §2.4): name, industry, description,
// the four colours, the layout type in words, the active mark, the activate
// button, and the in-place edit form (name, industry, description, colours).
import { Check, CircleAlert, Loader2, Palette, Pencil, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { ThemeListItem } from "#contract/theme.ts";
import { layoutLabel, THEME_COLOURS, themeSwatches, ThemeSwatches, type ThemeColourKey } from "./theme-swatches.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";

export interface ThemeEdit {
  name: string;
  industry: string;
  description: string;
  primary_color: string;
  primary_hover: string;
  secondary_color: string;
  accent_color: string;
}

export type SaveOutcome = { ok: true } | { ok: false; message: string; errors: Record<string, string> };

const inputClass = `w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 ${focusRing} aria-[invalid=true]:border-red-500`;
const HEX6 = /^#[0-9a-fA-F]{6}$/;
const HEX3 = /^#[0-9a-fA-F]{3}$/;

/** A value the colour picker accepts (#rrggbb) for whatever the hex box holds. */
export function pickerValue(text: string): string {
  const value = text.trim();
  if (HEX6.test(value)) return value.toLowerCase();
  if (HEX3.test(value)) return `#${[...value.slice(1)].map((digit) => digit + digit).join("")}`.toLowerCase();
  return "#000000";
}

const editOf = (theme: ThemeListItem): ThemeEdit => ({
  name: theme.name,
  industry: theme.industry ?? "",
  description: theme.description ?? "",
  primary_color: theme.primary_color,
  primary_hover: theme.primary_hover,
  secondary_color: theme.secondary_color,
  accent_color: theme.accent_color,
});

export function ThemeCard({
  theme,
  activating,
  busy,
  onActivate,
  onSave,
}: {
  theme: ThemeListItem;
  /** This card's activation is under way. */
  activating: boolean;
  /** Some activation is under way (every activate button waits). */
  busy: boolean;
  onActivate(theme: ThemeListItem): void;
  onSave(theme: ThemeListItem, edit: ThemeEdit): Promise<SaveOutcome>;
}) {
  const [editing, setEditing] = useState(false);
  const headingId = useId();

  return (
    <article
      aria-labelledby={headingId}
      data-testid="theme-card"
      data-theme-id={theme.id}
      data-active={theme.is_active ? "true" : "false"}
      className={`flex flex-col rounded-2xl bg-white p-6 text-gray-900 shadow-sm ${theme.is_active ? "ring-2 ring-blue-600" : ""}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold" data-testid="theme-name">
            {theme.name}
          </h2>
          <p className="mt-0.5 text-sm text-gray-600">
            {theme.industry ? <span data-testid="theme-industry">{theme.industry}</span> : null}
            {theme.industry ? " · " : null}
            <span data-testid="theme-layout">{layoutLabel(theme.layout_type)}</span>
          </p>
        </div>
        {theme.is_active ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-blue-600 px-3 py-1 text-sm font-semibold text-white" data-testid="theme-active">
            <Check aria-hidden size={16} />
            使用中
          </span>
        ) : null}
      </div>

      {theme.description ? <p className="mt-3 text-sm text-gray-700">{theme.description}</p> : null}

      <div className="mt-4">
        <ThemeSwatches swatches={themeSwatches(theme)} />
      </div>

      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        {theme.is_active ? null : (
          <button
            type="button"
            onClick={() => onActivate(theme)}
            disabled={busy}
            className={`inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}
          >
            {activating ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <Palette aria-hidden size={18} />}
            {activating ? "切換中..." : "套用此風格"}
          </button>
        )}
        <button
          type="button"
          onClick={() => setEditing((open) => !open)}
          aria-expanded={editing}
          className={`inline-flex items-center gap-2 rounded-lg border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50 ${focusRing}`}
        >
          {editing ? <X aria-hidden size={18} /> : <Pencil aria-hidden size={18} />}
          {editing ? "取消編輯" : "編輯"}
          <span className="sr-only">「{theme.name}」</span>
        </button>
      </div>

      {editing ? (
        <ThemeEditForm
          theme={theme}
          onCancel={() => setEditing(false)}
          onSave={async (edit) => {
            const outcome = await onSave(theme, edit);
            if (outcome.ok) setEditing(false);
            return outcome;
          }}
        />
      ) : null}
    </article>
  );
}

function ThemeEditForm({ theme, onCancel, onSave }: { theme: ThemeListItem; onCancel(): void; onSave(edit: ThemeEdit): Promise<SaveOutcome> }) {
  const [edit, setEdit] = useState<ThemeEdit>(() => editOf(theme));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  const id = useId();
  const errors = failure?.errors ?? {};

  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const set = (key: keyof ThemeEdit, value: string) => setEdit((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFailure(null);
    const outcome = await onSave(edit);
    setSaving(false);
    if (!outcome.ok) {
      setFailure({ message: outcome.message, errors: outcome.errors });
      focusFirstError();
    }
  }

  const fieldError = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700" data-testid={`theme-error-${key}`}>
        {errors[key]}
      </p>
    ) : null;
  const describedBy = (key: string) => (errors[key] ? `${id}-${key}-error` : undefined);

  return (
    // noValidate: an empty name goes to the server, whose message the form shows.
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4 border-t border-gray-200 pt-5" data-testid="theme-edit-form">
      {failure ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="theme-save-error">
          <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
          {failure.message}
        </p>
      ) : null}

      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
          主題名稱 <span className="text-red-600">*</span>
        </label>
        <input
          id={`${id}-name`}
          value={edit.name}
          onChange={(event) => set("name", event.target.value)}
          required
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy("name")}
          className={inputClass}
        />
        {fieldError("name")}
      </div>
      <div>
        <label htmlFor={`${id}-industry`} className="mb-1 block text-sm font-medium">
          產業
        </label>
        <input
          id={`${id}-industry`}
          value={edit.industry}
          onChange={(event) => set("industry", event.target.value)}
          aria-invalid={Boolean(errors.industry)}
          aria-describedby={describedBy("industry")}
          className={inputClass}
        />
        {fieldError("industry")}
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium">
          描述
        </label>
        <textarea
          id={`${id}-description`}
          value={edit.description}
          onChange={(event) => set("description", event.target.value)}
          rows={3}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy("description")}
          className={inputClass}
        />
        {fieldError("description")}
      </div>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">顏色</legend>
        {THEME_COLOURS.map(({ key, label }) => (
          <ColourField key={key} field={key} label={label} value={edit[key]} onChange={(value) => set(key, value)} error={errors[key]} idBase={id} />
        ))}
      </fieldset>

      {Object.entries(errors)
        .filter(([key]) => !["name", "industry", "description", ...THEME_COLOURS.map((colour) => colour.key)].includes(key))
        .map(([key, message]) => (
          <p key={key} className="text-sm text-red-700">
            {message}
          </p>
        ))}

      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={saving}
          className={`inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}
        >
          {saving ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <Check aria-hidden size={18} />}
          {saving ? "儲存中..." : "儲存"}
        </button>
        <button type="button" onClick={onCancel} className={`rounded-lg border border-gray-300 px-4 py-2 font-medium hover:bg-gray-50 ${focusRing}`}>
          取消
        </button>
      </div>
    </form>
  );
}

function ColourField({
  field,
  label,
  value,
  onChange,
  error,
  idBase,
}: {
  field: ThemeColourKey;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  idBase: string;
}) {
  const textId = `${idBase}-${field}`;
  const errorId = `${textId}-error`;
  return (
    <div data-colour-field={field}>
      <label htmlFor={textId} className="mb-1 block text-sm">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={pickerValue(value)}
          onChange={(event) => onChange(event.target.value)}
          aria-label={`${label}（色盤）`}
          className={`h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-gray-300 bg-white p-1 ${focusRing}`}
        />
        <input
          id={textId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={7}
          spellCheck={false}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} font-mono`}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700" data-testid={`theme-error-${field}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
