// The button's dialog (decision 041): its words, where it goes (target-field.tsx),
// its look (primary or secondary, in the theme's button style), full width on
// phones and its alignment, with a preview drawn by the page's own view.
import { MousePointerClick } from "lucide-react";
import { BUTTON_LOOK_LABELS, BUTTON_LOOKS, BUTTON_TEXT_LIMIT, buttonElement } from "#contract/page-builder/elements/button.ts";
import { ALIGNMENT_LABELS, ALIGNMENTS } from "#contract/page-builder/element-fields.ts";
import type { ElementOf } from "#contract/page-builder/tree.ts";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import type { ElementEditorModule, ElementEditorProps } from "../element-editor.ts";
import { CheckboxField, ChoiceField } from "./choice-fields.tsx";
import { dialogTitle, ElementDialog } from "./element-dialog.tsx";
import { useLinkChoices } from "./link-choices.ts";
import { shortLine } from "./plain-text.ts";
import { linkRules, TargetField, targetOf, targetValuesOf, targetWords, type TargetValues } from "./target-field.tsx";
import { useElementForm } from "./use-element-form.ts";

const ids = fieldIds("pb-button");

type ButtonValues = Omit<ElementOf<"button">, "id" | "type" | "target"> & { target: TargetValues };

function ButtonPreview({ values }: { values: ButtonValues }) {
  const html = buttonElement.view(
    { id: "preview", type: "button", ...values, text: values.text.trim() || "（按鈕文字）", target: targetOf(values.target) },
    { columnWidth: 100, pictures: {}, isFirstPicture: () => false },
  );
  return (
    <section aria-labelledby={ids.field("preview-title")}>
      <h3 id={ids.field("preview-title")} className="mb-1 text-sm font-medium text-gray-700">
        預覽
      </h3>
      {/* The page's own HTML, inert: nothing in it is followed or focused from the dialog. */}
      <div inert className="pb-page rounded-xl border border-gray-200 bg-white py-2" data-testid="button-preview" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

function ButtonEditor(props: ElementEditorProps<"button">) {
  const choices = useLinkChoices();
  const form = useElementForm(props, {
    valuesOf: ({ id: _id, type: _type, target, ...fields }): ButtonValues => ({ ...fields, target: targetValuesOf(target) }),
    toElement: (values, element) => ({ ...element, ...values, target: targetOf(values.target) }),
    dialogRules: (values) => linkRules(values.text, values.target, "target", "text", "按鈕文字"),
  });
  const { values, set, errors } = form;
  return (
    <ElementDialog title={dialogTitle(props.isNew, buttonElement.label)} form={form} onCancel={props.onCancel} testId="pb-button-form">
      {() => (
        <>
          <TextField ids={ids} field="text" label="按鈕文字" required value={values.text} errors={errors} help={`例如「立即預約」「免費估價」，最多 ${BUTTON_TEXT_LIMIT} 個字`} onChange={(text) => set("text", text)} />
          <TargetField ids={ids} field="target" legend="按下後前往" subject="這個按鈕" value={values.target} errors={errors} choices={choices} onChange={(target) => set("target", target)} />
          <ChoiceField ids={ids} field="look" legend="樣式" value={values.look} options={BUTTON_LOOKS.map((look) => ({ value: look, label: BUTTON_LOOK_LABELS[look] }))} errors={errors} onChange={(look) => set("look", look)} />
          <CheckboxField
            ids={ids}
            field="fullWidthOnPhone"
            label="在手機上與欄位同寬"
            help="手機畫面上按鈕佔滿整欄，比較好按；電腦上維持原本的寬度"
            checked={values.fullWidthOnPhone}
            errors={errors}
            onChange={(on) => set("fullWidthOnPhone", on)}
          />
          <ChoiceField ids={ids} field="alignment" legend="對齊方式" value={values.alignment} options={ALIGNMENTS.map((alignment) => ({ value: alignment, label: ALIGNMENT_LABELS[alignment] }))} errors={errors} onChange={(alignment) => set("alignment", alignment)} />
          <ButtonPreview values={values} />
        </>
      )}
    </ElementDialog>
  );
}

export const buttonEditor: ElementEditorModule<"button"> = {
  type: "button",
  icon: MousePointerClick,
  create: (id) => ({ id, type: "button", text: "", target: { kind: "contact", service: "" }, look: "primary", fullWidthOnPhone: true, alignment: "left" }),
  summary: (element, names) => (element.text ? `${shortLine(element.text)}（${targetWords(element.target, names)}）` : "按鈕（缺少文字）"),
  Editor: ButtonEditor,
};
