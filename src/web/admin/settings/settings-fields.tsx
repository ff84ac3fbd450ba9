// The controls of the settings form, one per kind of field in
// SETTINGS_TABS: text, textarea (with the meta description counter), switch,
// select, slider with its number box, colour with "follow the theme", image
// and floating-button icon. Each shows its server or client error beside it.
import { Paintbrush } from "lucide-react";
import type { ReactNode } from "react";
import { colourFallback, metaDescriptionVerdict, toColourInput, type FieldSpec } from "./settings-form.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { SwitchField } from "#web/admin/shared/form-field-parts.tsx";
import { describedBy, FieldError, FieldHelp, fieldId, helpId, inputClass, settingIds, type FieldContext } from "./settings-field-parts.tsx";
import { SettingsIconField } from "./settings-icon-field.tsx";
import { SettingsImageField } from "./settings-image-field.tsx";

function Shell({ spec, error, children, aside }: { spec: FieldSpec; error?: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div data-testid={`field-${spec.key}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={fieldId(spec.key)} className="text-sm font-medium text-gray-700">
          {spec.label}
        </label>
        {aside}
      </div>
      {children}
      <FieldError field={spec.key} error={error} />
      <FieldHelp field={spec.key} help={spec.help} />
    </div>
  );
}

export function SettingsField({ spec, context }: { spec: FieldSpec; context: FieldContext }) {
  const { values, errors, set } = context;
  const value = values[spec.key];
  const error = errors[spec.key];
  const common = {
    id: fieldId(spec.key),
    name: spec.key,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(spec.key, error, spec.help),
  } as const;

  switch (spec.kind) {
    case "text":
    case "email":
    case "url":
    case "tel":
      return (
        <Shell spec={spec} error={error}>
          <input
            {...common}
            type={spec.kind === "text" ? "text" : spec.kind}
            inputMode={spec.kind === "url" ? "url" : undefined}
            value={value}
            placeholder={spec.placeholder}
            onChange={(event) => set(spec.key, event.target.value)}
            className={inputClass}
          />
        </Shell>
      );
    case "textarea": {
      const counter = spec.counter === "meta-description" ? metaDescriptionVerdict(value) : null;
      const tone = counter?.verdict === "good" ? "text-green-700" : counter?.verdict === "long" ? "text-amber-700" : "text-gray-500";
      return (
        <Shell
          spec={spec}
          error={error}
          aside={
            counter ? (
              <span className={`text-xs font-medium tabular-nums ${tone}`} aria-live="polite" data-testid={`counter-${spec.key}`}>
                約 {counter.count} 個字・{counter.message}
              </span>
            ) : null
          }
        >
          <textarea {...common} rows={spec.rows ?? 3} value={value} placeholder={spec.placeholder} onChange={(event) => set(spec.key, event.target.value)} className={inputClass} />
        </Shell>
      );
    }
    case "select":
      return (
        <Shell spec={spec} error={error}>
          <select {...common} value={value} onChange={(event) => set(spec.key, event.target.value)} className={inputClass}>
            {spec.options.some((option) => option.value === value) ? null : <option value={value}>{value || "（未設定）"}</option>}
            {spec.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Shell>
      );
    case "switch":
      return <SwitchField ids={settingIds} field={spec.key} label={spec.label} help={spec.help} checked={value === "true"} error={error} onChange={(on) => set(spec.key, on ? "true" : "false")} />;
    case "range":
      return <RangeField spec={spec} value={value} error={error} onChange={(next) => set(spec.key, next)} />;
    case "color":
      return <ColourField spec={spec} context={context} />;
    case "image":
      return <SettingsImageField spec={spec} context={context} />;
    case "icon":
      return <SettingsIconField spec={spec} context={context} />;
  }
}

function RangeField({ spec, value, error, onChange }: { spec: Extract<FieldSpec, { kind: "range" }>; value: string; error?: string; onChange(value: string): void }) {
  const numeric = Number(value);
  const sliderValue = Number.isFinite(numeric) && value.trim() !== "" ? Math.min(spec.max, Math.max(spec.min, numeric)) : spec.min;
  return (
    <Shell spec={spec} error={error} aside={<span className="text-xs text-gray-500">{spec.min}–{spec.max} {spec.unit}</span>}>
      <div className="mt-1 flex items-center gap-3">
        <input
          type="range"
          min={spec.min}
          max={spec.max}
          step={spec.step ?? 1}
          value={sliderValue}
          aria-label={`${spec.label}滑桿`}
          onChange={(event) => onChange(event.target.value)}
          className="h-2 flex-1 cursor-pointer accent-blue-600"
          data-testid={`slider-${spec.key}`}
        />
        <div className="flex w-28 items-center gap-1">
          <input
            id={fieldId(spec.key)}
            name={spec.key}
            type="number"
            inputMode="numeric"
            min={spec.min}
            max={spec.max}
            step={spec.step ?? 1}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(spec.key, error, spec.help)}
            onChange={(event) => onChange(event.target.value)}
            className={`${inputClass} mt-0 text-right tabular-nums`}
          />
          <span className="text-sm text-gray-500">{spec.unit}</span>
        </div>
      </div>
    </Shell>
  );
}

function ColourField({ spec, context }: { spec: FieldSpec; context: FieldContext }) {
  const { values, errors, theme, set } = context;
  const value = values[spec.key];
  const error = errors[spec.key];
  const fallback = colourFallback(spec.key, theme, values);
  const shown = value.trim() || fallback.colour;
  const followText = fallback.source === "theme" ? `跟隨主題（${theme.name}：${fallback.colour}）` : `使用預設顏色（${fallback.colour}）`;
  return (
    <div data-testid={`field-${spec.key}`}>
      <label htmlFor={fieldId(spec.key)} className="text-sm font-medium text-gray-700">
        {spec.label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          type="color"
          value={toColourInput(shown)}
          aria-label={`${spec.label}色票`}
          onChange={(event) => set(spec.key, event.target.value)}
          className={`h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-gray-300 bg-white p-1 ${focusRing}`}
        />
        <input
          id={fieldId(spec.key)}
          name={spec.key}
          type="text"
          value={value}
          placeholder={fallback.colour}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(spec.key, error, followText)}
          onChange={(event) => set(spec.key, event.target.value)}
          className={`${inputClass} mt-0 font-mono`}
          spellCheck={false}
        />
        {value ? (
          <button
            type="button"
            onClick={() => set(spec.key, "")}
            title={fallback.source === "theme" ? "清除，改為跟隨主題" : "清除，改用預設顏色"}
            className={`inline-flex shrink-0 items-center gap-1 rounded-lg border border-gray-300 px-2.5 py-2 text-sm text-gray-700 hover:bg-gray-50 ${focusRing}`}
          >
            <Paintbrush aria-hidden size={14} />
            {fallback.source === "theme" ? "跟隨主題" : "預設"}
          </button>
        ) : null}
      </div>
      <FieldError field={spec.key} error={error} />
      <p id={helpId(spec.key)} className="mt-1 text-xs text-gray-500">
        {value ? `自訂顏色；清除後${fallback.source === "theme" ? "跟隨主題" : "使用預設顏色"}` : followText}
      </p>
    </div>
  );
}
