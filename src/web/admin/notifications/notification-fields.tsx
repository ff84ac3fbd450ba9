// The controls of the notification settings form: a text, web address or
// email box, an on/off switch, a secret (shown as dots, with show/hide) and
// the read-only webhook address with its copy button. Each shows its error
// (the screen's check or the server's) beside it, tied to the control.
import { Copy } from "lucide-react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { PasswordField } from "#web/admin/shared/password-field.tsx";
import type { FieldSpec, ScreenKey } from "./notifications-form.ts";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/40 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-500/30";

export const fieldId = (key: string) => `notify-${key}`;
const errorId = (key: string) => `notify-${key}-error`;
const helpId = (key: string) => `notify-${key}-help`;

const describedBy = (key: string, error: string | undefined, help: string | undefined) =>
  [error ? errorId(key) : "", help ? helpId(key) : ""].filter(Boolean).join(" ") || undefined;

export interface FieldProps {
  spec: FieldSpec;
  value: string;
  error?: string;
  onChange(key: ScreenKey, value: string): void;
}

function FieldError({ field, error }: { field: string; error: string | undefined }) {
  return error ? (
    <p id={errorId(field)} className="mt-1 text-sm text-red-700" data-testid={`error-${field}`}>
      {error}
    </p>
  ) : null;
}

function FieldHelp({ field, help }: { field: string; help: string | undefined }) {
  return help ? (
    <p id={helpId(field)} className="mt-1 text-xs text-gray-600">
      {help}
    </p>
  ) : null;
}

export function NotificationField(props: FieldProps) {
  const { spec, value, error, onChange } = props;
  if (spec.kind === "switch") return <SwitchField {...props} />;
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
        aria-describedby={describedBy(spec.key, error, spec.help)}
        onChange={(event) => onChange(spec.key, event.target.value)}
        className={inputClass}
      />
      <FieldError field={spec.key} error={error} />
      <FieldHelp field={spec.key} help={spec.help} />
    </div>
  );
}

function SwitchField({ spec, value, error, onChange }: FieldProps) {
  const checked = value === "true";
  return (
    <div data-testid={`field-${spec.key}`} className="flex items-start justify-between gap-4 rounded-lg border border-gray-200 px-4 py-3">
      <div>
        <label htmlFor={fieldId(spec.key)} className="font-medium text-gray-800">
          {spec.label}
        </label>
        <FieldHelp field={spec.key} help={spec.help} />
        <FieldError field={spec.key} error={error} />
      </div>
      {/* A second label around the switch: 10 px of tap area on every side make it a 44 px target. */}
      <label className="relative -mx-2.5 -mt-2 -mb-2.5 inline-flex shrink-0 cursor-pointer p-2.5">
        <input
          id={fieldId(spec.key)}
          name={spec.key}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(spec.key, error, spec.help)}
          onChange={(event) => onChange(spec.key, event.target.checked ? "true" : "false")}
          className={`peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-gray-400 transition-colors checked:bg-blue-600 ${focusRing}`}
        />
        <span aria-hidden className="pointer-events-none absolute top-3 left-3 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5" />
      </label>
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
          aria-describedby={helpId("line_webhook_url")}
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
      <p id={helpId("line_webhook_url")} className="mt-1 text-xs text-gray-600">
        請到 LINE Developers 後台 → 你的 Channel →「Messaging API」分頁 →「Webhook settings」，把這個網址貼到「Webhook URL」，按「Verify」確認，並開啟「Use webhook」。
      </p>
    </div>
  );
}
