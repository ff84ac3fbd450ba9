// Where a button (or a service card's link) goes, as staff choose it: 聯絡我們
// with a service filled in, 撥打電話 and 加入 LINE from the settings (the
// field says what the settings hold now, or that the button will not show),
// a page of the site from its list (never typed), or an address. Each kind
// keeps what was typed for it while another is tried. What a dialog asks of a
// link before it saves, and how the builder says where one goes, are here too:
// the button's and the service card's dialogs share them.
import { CircleAlert } from "lucide-react";
import { LINK_TARGET_KINDS, LINK_TARGET_LABELS, type LinkTarget, type LinkTargetKind } from "#contract/page-builder/link-target.ts";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { FieldError, FieldHelp, inputClass, type FieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { FINDING_MESSAGES } from "../findings/rules.ts";
import { ChoiceField } from "./choice-fields.tsx";
import { pageWords, type PageNames, type useLinkChoices } from "./link-choices.ts";
import { shortLine } from "./plain-text.ts";

/** What the dialog holds of a target: every kind's field, so that switching kinds loses nothing. */
export interface TargetValues {
  kind: LinkTargetKind;
  service: string;
  path: string;
  url: string;
}

export const targetValuesOf = (target: LinkTarget): TargetValues => ({
  kind: target.kind,
  service: target.kind === "contact" ? target.service : "",
  path: target.kind === "page" ? target.path : "",
  url: target.kind === "address" ? target.url : "",
});

/** The target the values choose, for the element's schema to read. */
export function targetOf(values: TargetValues): LinkTarget {
  switch (values.kind) {
    case "contact":
      return { kind: "contact", service: values.service };
    case "page":
      return { kind: "page", path: values.path };
    case "address":
      return { kind: "address", url: values.url.trim() };
    default:
      return { kind: values.kind };
  }
}

/**
 * What a dialog asks before it saves a link: its words and where it goes. The
 * schema lets both be empty (a draft saved by a client keeps what it has; the
 * findings name it), but a person who presses 儲存 is told at the field.
 */
export function linkRules(text: string, target: TargetValues, prefix: string, textField: string, textWords: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!text.trim()) errors[textField] = `請輸入${textWords}`;
  if (target.kind === "page" && !target.path) errors[`${prefix}.path`] = "請選擇要前往的頁面";
  if (target.kind === "address" && !target.url.trim()) errors[`${prefix}.url`] = "請輸入網址";
  return errors;
}

/** Where a target goes, in a few words (the outline's summary, the findings' place): a page by its name, 前往 冷氣清洗. */
export function targetWords(target: LinkTarget, names: PageNames): string {
  if (target.kind === "contact") return target.service ? `聯絡我們：${target.service}` : LINK_TARGET_LABELS.contact;
  if (target.kind === "page") return target.path ? `前往 ${pageWords(target.path, names)}` : "尚未選擇頁面";
  if (target.kind === "address") return target.url ? shortLine(target.url, 30) : "尚未輸入網址";
  return LINK_TARGET_LABELS[target.kind];
}

type Choices = ReturnType<typeof useLinkChoices>;

interface TargetFieldProps {
  ids: FieldIds;
  /** The target's place in the element (`target`, `action.target`): its fields' errors are keyed under it. */
  field: string;
  legend: string;
  /** What the settings notes call the link: 這個按鈕, 卡片下方的連結. */
  subject: string;
  value: TargetValues;
  errors: FieldErrors;
  choices: Choices;
  onChange(value: TargetValues): void;
}

const selectClass = `${inputClass} min-h-11`;

function SettingsNote({ ids, field, text, missing }: { ids: FieldIds; field: string; text: string; missing: boolean }) {
  return (
    <p id={ids.help(field)} className={`flex items-start gap-2 text-sm ${missing ? "rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900" : "text-gray-700"}`} data-testid="target-settings-note">
      {missing ? <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" /> : null}
      {text}
    </p>
  );
}

export function TargetField({ ids, field, legend, subject, value, errors, choices, onChange }: TargetFieldProps) {
  const set = (patch: Partial<TargetValues>) => onChange({ ...value, ...patch });
  const serviceField = `${field}.service`;
  const pathField = `${field}.path`;
  const listed = choices.groups.some((group) => group.choices.some((choice) => choice.path === value.path));
  const serviceListed = choices.serviceNames.includes(value.service);
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 p-3" data-testid={`field-${field}`}>
      <ChoiceField
        ids={ids}
        field={`${field}.kind`}
        legend={legend}
        value={value.kind}
        options={LINK_TARGET_KINDS.map((kind) => ({ value: kind, label: LINK_TARGET_LABELS[kind] }))}
        errors={errors}
        onChange={(kind) => set({ kind })}
      />
      <FieldError ids={ids} field={field} error={errors[field]} />
      {value.kind === "contact" ? (
        <div data-testid={`field-${serviceField}`}>
          <label htmlFor={ids.field(serviceField)} className="text-sm font-medium text-gray-700">
            預填的服務（選填）
          </label>
          <select
            id={ids.field(serviceField)}
            value={value.service}
            aria-invalid={errors[serviceField] ? true : undefined}
            aria-describedby={ids.describedBy(serviceField, errors[serviceField], "always")}
            onChange={(event) => set({ service: event.target.value })}
            className={selectClass}
          >
            <option value="">不指定服務</option>
            {value.service && !serviceListed ? <option value={value.service}>{value.service}（已不在服務清單中）</option> : null}
            {choices.serviceNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <FieldError ids={ids} field={serviceField} error={errors[serviceField]} />
          <FieldHelp ids={ids} field={serviceField} help={value.service ? `訪客會看到聯絡表單，主旨已填好「諮詢服務：${value.service}」` : "訪客會看到聯絡我們頁面的諮詢表單"} />
        </div>
      ) : null}
      {value.kind === "phone" && choices.phone !== undefined ? (
        <SettingsNote ids={ids} field={`${field}.phone`} text={choices.phone ? `會撥打網站設定的公司電話：${choices.phone}（電話改了，按鈕也跟著改）` : FINDING_MESSAGES.noPhone(subject)} missing={!choices.phone} />
      ) : null}
      {value.kind === "line" && choices.line !== undefined ? (
        <SettingsNote ids={ids} field={`${field}.line`} text={choices.line ? `會開啟網站設定的 LINE 加好友網址：${choices.line}` : FINDING_MESSAGES.noLine(subject)} missing={!choices.line} />
      ) : null}
      {value.kind === "page" ? (
        <div data-testid={`field-${pathField}`}>
          <label htmlFor={ids.field(pathField)} className="text-sm font-medium text-gray-700">
            要前往的頁面
          </label>
          <select
            id={ids.field(pathField)}
            value={value.path}
            aria-invalid={errors[pathField] ? true : undefined}
            aria-describedby={ids.describedBy(pathField, errors[pathField], choices.failed ? "failed" : undefined)}
            onChange={(event) => set({ path: event.target.value })}
            className={selectClass}
          >
            <option value="">{choices.loading ? "頁面清單載入中…" : "請選擇頁面"}</option>
            {value.path && !listed && !choices.loading ? <option value={value.path}>{pageWords(value.path, choices.pageNames)}（已不在頁面清單中）</option> : null}
            {choices.groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.choices.map((choice) => (
                  <option key={choice.path} value={choice.path}>
                    {choice.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldError ids={ids} field={pathField} error={errors[pathField]} />
          <FieldHelp ids={ids} field={pathField} help={choices.failed ? "無法載入服務與自訂頁面的清單，請重新整理後再試" : undefined} />
        </div>
      ) : null}
      {value.kind === "address" ? (
        <TextField ids={ids} field={`${field}.url`} label="網址" value={value.url} errors={errors} placeholder="https://" help="以 https://、mailto:（寄電子郵件）或 tel:（撥電話）開頭；https 網址會在新分頁開啟" onChange={(url) => set({ url })} />
      ) : null}
    </div>
  );
}
