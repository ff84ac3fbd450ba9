// The icon of a floating button: one of the five presets of its kind
// (drawn by the public renderer itself) or an uploaded image.
import { useState } from "react";
import { FloatingIcon } from "#web/ui/floating-buttons.tsx";
import { colourFallback, iconPresets, isPresetIcon, type FieldSpec } from "./settings-form.ts";
import { FieldError, type FieldContext } from "./settings-field-parts.tsx";
import { SettingsMediaPicker, UploadControls, useSettingsUpload } from "./settings-image-field.tsx";

const SWATCH = 44;

export function SettingsIconField({ spec, context }: { spec: Extract<FieldSpec, { kind: "icon" }>; context: FieldContext }) {
  const { values, errors, theme, set, setError } = context;
  const value = values[spec.key];
  const error = errors[spec.key];
  const colourKey = spec.button === "line" ? "floating_line_color" : "floating_phone_color";
  const colour = values[colourKey] || colourFallback(colourKey, theme, values).colour;
  const custom = value !== "" && !isPresetIcon(value);
  const [picking, setPicking] = useState(false);
  const { upload, uploading, uploaded } = useSettingsUpload(
    (path) => set(spec.key, path),
    (message) => setError(spec.key, message),
  );
  const optionClass = (checked: boolean) =>
    `flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border-2 p-2 text-center text-xs transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600 ${
      checked ? "border-blue-600 bg-blue-50 text-blue-800" : "border-gray-200 text-gray-700 hover:border-gray-300"
    }`;

  return (
    <fieldset data-testid={`field-${spec.key}`}>
      <legend className="text-sm font-medium text-gray-700">{spec.label}</legend>
      <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6" role="radiogroup" aria-label={spec.label}>
        {iconPresets(spec.button).map((preset) => {
          const presetValue = `preset:${preset.id}`;
          const checked = value === presetValue;
          return (
            <label key={preset.id} className={optionClass(checked)} data-testid={`icon-option-${preset.id}`}>
              <input type="radio" name={spec.key} value={presetValue} checked={checked} onChange={() => set(spec.key, presetValue)} className="sr-only" />
              <span className="flex items-center justify-center rounded-full text-white shadow" style={{ width: SWATCH, height: SWATCH, backgroundColor: colour }}>
                <FloatingIcon kind={spec.button} value={presetValue} size={SWATCH} />
              </span>
              {preset.label}
            </label>
          );
        })}
        <label className={optionClass(custom)} data-testid={`icon-option-custom-${spec.button}`}>
          <input type="radio" name={spec.key} value="custom" checked={custom} onChange={() => setPicking(true)} className="sr-only" />
          <span className="flex items-center justify-center overflow-hidden rounded-full border border-dashed border-gray-400 text-gray-500" style={{ width: SWATCH, height: SWATCH, backgroundColor: custom ? colour : undefined }}>
            {custom ? <FloatingIcon kind={spec.button} value={value} size={SWATCH} /> : "＋"}
          </span>
          自訂圖片
        </label>
      </div>
      <div className="mt-2">
        <UploadControls label={spec.label} uploading={uploading} uploaded={uploaded} onFile={(file) => void upload(file)} onPick={() => setPicking(true)} testId={`upload-${spec.key}`} />
      </div>
      <FieldError field={spec.key} error={error} />
      <p className="mt-1 text-xs text-gray-500">自訂圖片建議使用正方形圖片，檔案大小上限 5MB</p>
      <SettingsMediaPicker
        open={picking}
        label={spec.label}
        onClose={() => setPicking(false)}
        onPick={(path) => {
          setError(spec.key, undefined);
          set(spec.key, path);
        }}
      />
    </fieldset>
  );
}
