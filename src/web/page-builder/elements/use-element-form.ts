// The state of an element dialog on the back office's dialog form: values as
// typed, checked on 儲存 by the element's schema (and the dialog's own rules);
// the first refused field takes the cursor; a good result goes to onSave as
// the schema parsed it (trimmed, with its defaults).
import type { ElementOf, ElementType } from "#contract/page-builder/tree.ts";
import { ELEMENT_KINDS } from "#contract/page-builder/element-kinds.ts";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { useDialogForm } from "#web/admin/shared/use-dialog-form.ts";
import type { ElementEditorProps } from "../element-editor.ts";
import { checkElement } from "./element-form.ts";

interface ElementFormOptions<T extends ElementType, V> {
  /** The dialog's values for the element as it is. */
  valuesOf(element: ElementOf<T>): V;
  /** What the values make, before the schema reads it. */
  toElement(values: V, element: ElementOf<T>): unknown;
  /** Rules the schema does not make (a picture is required, alt text or decorative). */
  dialogRules?(values: V): FieldErrors;
}

export function useElementForm<T extends ElementType, V>(props: ElementEditorProps<T>, options: ElementFormOptions<T, V>) {
  const schema = ELEMENT_KINDS[props.element.type as T].schema;
  const check = (values: V) => checkElement(schema, options.toElement(values, props.element), options.dialogRules?.(values));
  return useDialogForm(() => options.valuesOf(props.element), {
    validate: (values) => {
      const result = check(values);
      return result.ok ? {} : result.errors;
    },
    save: async (values) => {
      const result = check(values);
      if (!result.ok) return { ok: false, message: "", errors: result.errors };
      props.onSave(result.element);
      return { ok: true };
    },
  });
}

export type ElementForm<V> = ReturnType<typeof useDialogForm<V>>;
