// The controls of the notification settings form: a text, web address or
// email box, an on/off switch, a secret (shown as dots, with show/hide) and
// the read-only webhook address with its copy button. Each shows its error
// (the screen's check or the server's) beside it, tied to the control.
import { Copy } from "lucide-react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FieldError, FieldHelp, fieldIds, inputClass, SwitchField } from "#web/admin/shared/form-field-parts.tsx";
import { PasswordField } from "#web/admin/shared/password-field.tsx";
import type { FieldSpec, ScreenKey } from "./notifications-form.ts";

const ids = fieldIds("notify");
export const fieldId = ids.field;

export interface FieldProps {
  spec: FieldSpec;
  value: string;
  error?: string;
  onChange(key: ScreenKey, value: string): void;
}

export function NotificationField(props: FieldProps) {
  const { spec, value, error, onChange } = props;
  if (spec.kind === "switch") return <SwitchField ids={ids} field={spec.key} label={spec.label} help={spec.help} checked={value === "true"} error={error} onChange={(on) => onChange(spec.key, on ? "true" : "false")} />;
  if (spec.kind === "secret") {
    return (
      <div data-testid={`field-${spec.key}`}>
        <PasswordField
          label={spec.label}
          name={spec.key}
          value={value}
          error={error}
          hint={spec.help}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(spec.key, event.target.value)}
        />
      </div>
    );
  }
  return (
    <div data-testid={`field-${spec.key}`}>
      <label htmlFor={fieldId(spec.key)} className="text-sm font-medium text-gray-700">
        {spec.label}
      </label>
      <input
        id={fieldId(spec.key)}
        name={spec.key}
        type={spec.kind === "text" ? "text" : spec.kind}
        inputMode={spec.kind === "url" ? "url" : spec.kind === "email" ? "email" : undefined}
        autoComplete="off"
        spellCheck={spec.kind === "text" ? undefined : false}
        value={value}
        placeholder={spec.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy(spec.key, error, spec.help)}
        onChange={(event) => onChange(spec.key, event.target.value)}
        className={inputClass}
      />
      <FieldError ids={ids} field={spec.key} error={error} />
      <FieldHelp ids={ids} field={spec.key} help={spec.help} />
    </div>
  );
}

/** The address to paste in the LINE Developers console: read-only, with a copy button. */
export function WebhookField({ url, onCopy }: { url: string; onCopy(): void }) {
  return (
    <div data-testid="field-line_webhook_url">
      <label htmlFor={fieldId("line_webhook_url")} className="text-sm font-medium text-gray-700">
        Webhook 網址
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={fieldId("line_webhook_url")}
          type="text"
          readOnly
          value={url}
          aria-describedby={ids.help("line_webhook_url")}
          onFocus={(event) => event.target.select()}
          className={`${inputClass} mt-0 min-w-0 flex-1 bg-gray-50 font-mono text-sm`}
        />
        <button
          type="button"
          onClick={onCopy}
          className={`inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}
          aria-label="複製 Webhook 網址"
        >
          <Copy aria-hidden size={16} />
          複製
        </button>
      </div>
      <p id={ids.help("line_webhook_url")} className="mt-1 text-xs text-gray-600">
        請到 LINE Developers 後台 → 你的 Channel →「Messaging API」分頁 →「Webhook settings」，把這個網址貼到「Webhook URL」，按「Verify」確認，並開啟「Use webhook」。
      </p>
    </div>
  );
}
