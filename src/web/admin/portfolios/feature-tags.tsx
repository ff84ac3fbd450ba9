// 服務特色 as tags (001 §5): typed, then added with Enter or 新增 — trimmed,
// never empty, never twice (a repeat is said, not added) — and each removed
// with its own labelled × button. Enter while an input method is still
// composing (注音, 倉頡) picks the characters; it does not add the tag.
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FieldError, inputClass, type FieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { addFeature } from "./portfolio-form.ts";

interface FeatureTagsProps {
  ids: FieldIds;
  features: readonly string[];
  error?: string;
  onChange(features: string[]): void;
}

export function FeatureTags({ ids, features, error, onChange }: FeatureTagsProps) {
  const [typed, setTyped] = useState("");
  const [hint, setHint] = useState("");
  const field = "technologies";

  function add() {
    const outcome = addFeature(features, typed);
    if (!outcome.added) {
      setHint(outcome.reason);
      return;
    }
    onChange(outcome.list);
    setTyped("");
    setHint("");
  }

  return (
    <div data-testid="field-technologies">
      <label htmlFor={ids.field(field)} className="text-sm font-medium text-gray-700">
        服務特色
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={ids.field(field)}
          type="text"
          value={typed}
          maxLength={200}
          placeholder="例如 高壓沖洗"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? ids.error(field) : "", ids.help(field)].filter(Boolean).join(" ")}
          onChange={(event) => {
            setTyped(event.target.value);
            setHint("");
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            // Enter adds the tag; it must not send the whole form.
            event.preventDefault();
            add();
          }}
          className={`${inputClass} mt-0 flex-1`}
        />
        <button type="button" onClick={add} className={`inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-blue-200 bg-white px-3 text-sm font-medium text-blue-700 hover:bg-blue-50 ${focusRing}`}>
          <Plus aria-hidden size={16} />
          新增
        </button>
      </div>
      <p id={ids.help(field)} className="mt-1 text-xs text-gray-600" aria-live="polite" data-testid="feature-hint">
        {hint || "輸入後按 Enter 或「新增」加入；網站上的案例卡片會顯示前 3 項"}
      </p>
      <FieldError ids={ids} field={field} error={error} />
      {features.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="已加入的服務特色" data-testid="feature-list">
          {features.map((feature) => (
            <li key={feature} className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-0.5 pl-3 text-sm text-blue-900 ring-1 ring-blue-200 ring-inset" data-testid="feature-tag">
              <span data-testid="feature-name">{feature}</span>
              <button
                type="button"
                onClick={() => onChange(features.filter((entry) => entry !== feature))}
                aria-label={`移除服務特色：${feature}`}
                className={`grid size-11 place-items-center rounded-full text-blue-800 hover:bg-blue-100 sm:size-8 ${focusRing}`}
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
