// The spacer element's dialog: its height, within the range the schema allows.
import { SeparatorHorizontal } from "lucide-react";
import { SPACER_HEIGHT, spacerElement } from "#contract/page-builder/elements/spacer.ts";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import type { ElementEditorModule, ElementEditorProps } from "../element-editor.ts";
import { dialogTitle, ElementDialog } from "./element-dialog.tsx";
import { numberFrom } from "./element-form.ts";
import { useElementForm } from "./use-element-form.ts";

const ids = fieldIds("pb-spacer");

function SpacerEditor(props: ElementEditorProps<"spacer">) {
  const form = useElementForm(props, {
    valuesOf: (element) => ({ height: String(element.height) }),
    toElement: (values, element) => ({ ...element, height: numberFrom(values.height) }),
  });
  return (
    <ElementDialog title={dialogTitle(props.isNew, spacerElement.label)} form={form} onCancel={props.onCancel} size="md" testId="pb-spacer-form">
      {() => (
        <TextField
          ids={ids}
          field="height"
          label="高度（像素）"
          control="number"
          required
          value={form.values.height}
          errors={form.errors}
          help={`元素之間的空白，${SPACER_HEIGHT.min} 到 ${SPACER_HEIGHT.max} 像素`}
          onChange={(height) => form.set("height", height)}
        />
      )}
    </ElementDialog>
  );
}

export const spacerEditor: ElementEditorModule<"spacer"> = {
  type: "spacer",
  icon: SeparatorHorizontal,
  create: (id) => ({ id, type: "spacer", height: 40 }),
  summary: (element) => `間距 ${element.height}px`,
  Editor: SpacerEditor,
};
