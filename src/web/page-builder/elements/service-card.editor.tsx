// The service card's dialog (002 §2.6, §3): an icon (the services' 12, then
// the spec's 14), its colour, the card's background colour, title,
// description, items, alignment and an optional link or button under it (to
// its service's page unless another place is chosen; decision 041), with a
// preview that says how readable the words are on the background (the
// findings flag a card below 4.5:1 before publishing).
import { IdCard, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ALIGNMENT_LABELS, ALIGNMENTS } from "#contract/page-builder/element-fields.ts";
import { CARD_ACTION_LOOK_LABELS, CARD_ACTION_LOOKS, CARD_ITEMS_LIMIT, NO_CARD_ACTION, serviceCardElement, type CardActionLook } from "#contract/page-builder/elements/service-card.ts";
import { SAME_PICTURE, SERVICE_CARD_ICON_LABELS, SERVICE_CARD_ICON_SVG, SPEC_CARD_ICONS, type ServiceCardIcon } from "#contract/page-builder/icons.ts";
import { SERVICE_ICONS } from "#contract/pages.ts";
import type { ElementOf } from "#contract/page-builder/tree.ts";
import { FALLBACK_THEME } from "#contract/theme.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { FieldError, fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import type { ElementEditorModule, ElementEditorProps } from "../element-editor.ts";
import { colourWords } from "#web/lib/colour-words.ts";
import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST } from "../findings/contrast.ts";
import { readableBackground } from "../findings/rules.ts";
import { ChoiceField, ColourField } from "./choice-fields.tsx";
import { servicePagePath, useLinkChoices } from "./link-choices.ts";
import { linkRules, TargetField, targetOf, targetValuesOf, type TargetValues } from "./target-field.tsx";
import { dialogTitle, ElementDialog } from "./element-dialog.tsx";
import { secondaryButton } from "./media-field.tsx";
import { shortLine } from "./plain-text.ts";
import { useElementForm } from "./use-element-form.ts";

const ids = fieldIds("pb-card");

type CardValues = Omit<ElementOf<"serviceCard">, "id" | "type" | "action"> & { action: { look: CardActionLook; text: string; target: TargetValues } };

/** The two groups of the icon picker: the services' icons first (a card presenting a service looks like it), then the spec's. */
const ICON_GROUPS: ReadonlyArray<{ label: string; icons: readonly ServiceCardIcon[] }> = [
  { label: "清潔服務的圖示（與服務管理相同）", icons: SERVICE_ICONS },
  { label: "其他圖示", icons: SPEC_CARD_ICONS.filter((icon) => !SAME_PICTURE[icon]) },
];

/** The radio a stored icon checks: an icon offered under another name checks that one. */
const shownIcon = (icon: ServiceCardIcon): ServiceCardIcon => SAME_PICTURE[icon] ?? icon;

/** An icon of the card as the page draws it (the contract's SVG, not typed by anyone). */
function CardIcon({ icon, size = 24, colour }: { icon: ServiceCardIcon; size?: number; colour?: string }) {
  return (
    <svg
      aria-hidden
      focusable="false"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={colour ? { color: colour } : undefined}
      dangerouslySetInnerHTML={{ __html: SERVICE_CARD_ICON_SVG[icon] }}
    />
  );
}

function IconField({ value, errors, onChange }: { value: ServiceCardIcon; errors: FieldErrors; onChange(icon: ServiceCardIcon): void }) {
  const error = errors.icon;
  return (
    <fieldset data-testid="field-icon" aria-describedby={ids.describedBy("icon", error, undefined)}>
      <legend className="text-sm font-medium text-gray-700">圖示</legend>
      {ICON_GROUPS.map((group, index) => (
        <div key={group.label} role="group" aria-labelledby={ids.field(`icon-group-${index}`)} className="mt-2" data-testid={`icon-group-${index}`}>
          <p id={ids.field(`icon-group-${index}`)} className="text-sm text-gray-600">
            {group.label}
          </p>
          <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {group.icons.map((icon) => (
              <label
                key={icon}
                className="relative flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-800 has-checked:border-blue-600 has-checked:bg-blue-50 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600"
              >
                <input type="radio" name={ids.field("icon")} value={icon} checked={shownIcon(value) === icon} aria-invalid={error ? true : undefined} onChange={() => onChange(icon)} className="sr-only" />
                <CardIcon icon={icon} />
                {SERVICE_CARD_ICON_LABELS[icon]}
              </label>
            ))}
          </div>
        </div>
      ))}
      <FieldError ids={ids} field="icon" error={error} />
    </fieldset>
  );
}

function ItemsField({ items, errors, onChange }: { items: string[]; errors: FieldErrors; onChange(items: string[]): void }) {
  const addButton = useRef<HTMLButtonElement>(null);
  // After adding or removing, the cursor goes to the item now in that place (or 新增項目 when none is left).
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    const target = items.length === 0 ? addButton.current : document.getElementById(ids.field(`items.${Math.min(focusAt, items.length - 1)}`));
    target?.focus();
    setFocusAt(null);
  }, [focusAt, items.length]);

  return (
    <fieldset data-testid="field-items" aria-describedby={ids.describedBy("items", errors.items, "items")}>
      <legend className="text-sm font-medium text-gray-700">項目（選填）</legend>
      <p id={ids.help("items")} className="text-xs text-gray-600">
        卡片中的重點清單，最多 {CARD_ITEMS_LIMIT} 項
      </p>
      <ol className="mt-2 space-y-2">
        {items.map((item, index) => (
          <li key={index} className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <TextField ids={ids} field={`items.${index}`} label={`項目 ${index + 1}`} value={item} errors={errors} onChange={(text) => onChange(items.map((old, at) => (at === index ? text : old)))} />
            </div>
            <button
              type="button"
              aria-label={`移除項目 ${index + 1}`}
              title="移除項目"
              onClick={() => {
                onChange(items.filter((_, at) => at !== index));
                setFocusAt(index);
              }}
              className={`mt-6 grid size-11 shrink-0 place-items-center rounded-lg border border-red-200 text-red-700 hover:bg-red-50 ${focusRing}`}
            >
              <Trash2 aria-hidden size={18} />
            </button>
          </li>
        ))}
      </ol>
      {items.length < CARD_ITEMS_LIMIT ? (
        <button
          ref={addButton}
          type="button"
          className={`${secondaryButton} mt-2`}
          onClick={() => {
            onChange([...items, ""]);
            setFocusAt(items.length);
          }}
        >
          <Plus aria-hidden size={16} />
          新增項目
        </button>
      ) : (
        <p className="mt-2 text-sm text-gray-600">已達 {CARD_ITEMS_LIMIT} 個項目的上限</p>
      )}
      <FieldError ids={ids} field="items" error={errors.items} />
    </fieldset>
  );
}

/** How readable the card's words are on its background, in words (null while the colour is not a colour). */
export function cardContrastNote(background: string, text: string = FALLBACK_THEME.text_primary): { ok: boolean; text: string } | null {
  const ratio = contrastRatio(text, background);
  if (ratio === null) return null;
  return ratio >= MIN_TEXT_CONTRAST
    ? { ok: true, text: `文字與背景的對比 ${formatRatio(ratio)}，清楚易讀` }
    : { ok: false, text: `${colourWords(text)}的文字在${colourWords(background)}的背景上對比只有 ${formatRatio(ratio)}（至少需要 ${MIN_TEXT_CONTRAST}:1），很多人會看不清楚。建議把背景顏色改成${colourWords(readableBackground(background, text))}。` };
}

const ALIGN_CLASSES = { left: "text-left", center: "text-center", right: "text-right" } as const;

function CardPreview({ values }: { values: CardValues }) {
  const note = cardContrastNote(values.backgroundColor);
  const background = /^#[0-9a-fA-F]{6}$/.test(values.backgroundColor) ? values.backgroundColor : "#ffffff";
  const items = values.items.filter((item) => item.trim());
  return (
    <section aria-labelledby={ids.field("preview-title")}>
      <h3 id={ids.field("preview-title")} className="mb-1 text-sm font-medium text-gray-700">
        預覽
      </h3>
      <div className={`rounded-xl border border-gray-200 p-5 ${ALIGN_CLASSES[values.alignment]}`} style={{ backgroundColor: background, color: FALLBACK_THEME.text_primary }} data-testid="card-preview">
        <span className={`inline-block ${values.alignment === "center" ? "mx-auto" : ""}`}>
          <CardIcon icon={values.icon} size={32} colour={/^#[0-9a-fA-F]{6}$/.test(values.iconColor) ? values.iconColor : undefined} />
        </span>
        <p className="mt-2 text-lg font-semibold">{values.title || "（卡片標題）"}</p>
        {values.description ? <p className="mt-1">{values.description}</p> : null}
        {items.length > 0 ? (
          <ul className="mt-2 list-inside list-disc">
            {items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        ) : null}
        {values.action.look !== "none" && values.action.text.trim() ? (
          <p className="mt-3">
            <span className={values.action.look === "button" ? "inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-5 font-semibold text-white" : "font-semibold underline"}>{values.action.text}</span>
          </p>
        ) : null}
      </div>
      {note ? (
        <p className={`mt-1 text-sm ${note.ok ? "text-gray-700" : "font-medium text-red-700"}`} aria-live="polite" data-testid="card-contrast">
          {note.text}
        </p>
      ) : null}
    </section>
  );
}

/** The link or button under the card's words: off, or its words and where it goes (its service's page to start with). */
function ActionField({ values, errors, choices, onChange }: { values: CardValues; errors: FieldErrors; choices: ReturnType<typeof useLinkChoices>; onChange(action: CardValues["action"]): void }) {
  const { action } = values;
  const setLook = (look: CardActionLook) => {
    const untouched = action.target.kind === "page" && action.target.path === "";
    onChange({
      look,
      text: action.text || (look === "none" ? "" : "了解更多"),
      target: look !== "none" && untouched ? { ...action.target, path: servicePagePath(values.title, choices.services) } : action.target,
    });
  };
  return (
    <section aria-labelledby={ids.field("action-title")} className="space-y-3" data-testid="field-action">
      <h3 id={ids.field("action-title")} className="text-sm font-medium text-gray-700">
        卡片下方的連結
      </h3>
      <ChoiceField ids={ids} field="action.look" legend="顯示方式" value={action.look} options={CARD_ACTION_LOOKS.map((look) => ({ value: look, label: CARD_ACTION_LOOK_LABELS[look] }))} errors={errors} onChange={setLook} />
      {action.look === "none" ? null : (
        <>
          <TextField ids={ids} field="action.text" label="連結文字" required value={action.text} errors={errors} help="例如「了解更多」「立即預約」，最多 40 個字" onChange={(text) => onChange({ ...action, text })} />
          <TargetField ids={ids} field="action.target" legend="按下後前往" subject={action.look === "button" ? "卡片下方的按鈕" : "卡片下方的連結"} value={action.target} errors={errors} choices={choices} onChange={(target) => onChange({ ...action, target })} />
        </>
      )}
    </section>
  );
}

function ServiceCardEditor(props: ElementEditorProps<"serviceCard">) {
  const choices = useLinkChoices();
  const form = useElementForm(props, {
    valuesOf: ({ id: _id, type: _type, action, ...fields }): CardValues => ({ ...fields, action: { ...action, target: targetValuesOf(action.target) } }),
    // Items left blank are dropped: the page would show nothing for them. A link turned off keeps nothing of it.
    toElement: (values, element) => ({
      ...element,
      ...values,
      items: values.items.filter((item) => item.trim() !== ""),
      action: values.action.look === "none" ? NO_CARD_ACTION : { ...values.action, target: targetOf(values.action.target) },
    }),
    dialogRules: (values) => (values.action.look === "none" ? {} : linkRules(values.action.text, values.action.target, "action.target", "action.text", "連結文字")),
  });
  const { values, set, errors } = form;
  return (
    <ElementDialog title={dialogTitle(props.isNew, serviceCardElement.label)} form={form} onCancel={props.onCancel} testId="pb-card-form">
      {() => (
        <>
          <TextField ids={ids} field="title" label="標題" required value={values.title} errors={errors} onChange={(title) => set("title", title)} />
          <TextField ids={ids} field="description" label="說明（選填）" control="textarea" value={values.description} errors={errors} onChange={(description) => set("description", description)} />
          <ItemsField items={values.items} errors={errors} onChange={(items) => set("items", items)} />
          <IconField value={values.icon} errors={errors} onChange={(icon) => set("icon", icon)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <ColourField ids={ids} field="iconColor" label="圖示顏色" value={values.iconColor} errors={errors} onChange={(colour) => set("iconColor", colour)} />
            <ColourField ids={ids} field="backgroundColor" label="背景顏色" value={values.backgroundColor} errors={errors} onChange={(colour) => set("backgroundColor", colour)} />
          </div>
          <ChoiceField ids={ids} field="alignment" legend="對齊方式" value={values.alignment} options={ALIGNMENTS.map((alignment) => ({ value: alignment, label: ALIGNMENT_LABELS[alignment] }))} errors={errors} onChange={(alignment) => set("alignment", alignment)} />
          <ActionField values={values} errors={errors} choices={choices} onChange={(action) => set("action", action)} />
          <CardPreview values={values} />
        </>
      )}
    </ElementDialog>
  );
}

export const serviceCardEditor: ElementEditorModule<"serviceCard"> = {
  type: "serviceCard",
  icon: IdCard,
  // No title yet: the schema refuses it, so the editor opens the dialog at once.
  create: (id) => ({ id, type: "serviceCard", icon: "star", iconColor: "#2563eb", backgroundColor: "#ffffff", title: "", description: "", items: [], alignment: "left", action: NO_CARD_ACTION }),
  summary: (element) => shortLine(element.title) || "服務卡片（缺少標題）",
  Editor: ServiceCardEditor,
};
