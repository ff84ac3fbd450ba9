// The text element's dialog: rich text in the back office's TipTap editor (as
// the news editor), pictures from the media library each with its description.
// The server sanitises the HTML on save and before a visitor sees it.
import { Type } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { textElement } from "#contract/page-builder/elements/text.ts";
import { useBeforeDiscard } from "#web/admin/shared/admin-dialog.tsx";
import { FieldError, fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { RichTextEditor } from "#web/admin/shared/rich-text-editor.tsx";
import type { ElementEditorModule, ElementEditorProps } from "../element-editor.ts";
import { dialogTitle, ElementDialog } from "./element-dialog.tsx";
import { plainText, shortLine } from "./plain-text.ts";
import { useElementForm } from "./use-element-form.ts";

const ids = fieldIds("pb-text");
export const TEXT_REQUIRED = "請輸入文字內容";

const isEmpty = (html: string) => plainText(html) === "" && !/<img\b/i.test(html);

function TextEditor(props: ElementEditorProps<"text">) {
  const form = useElementForm(props, {
    valuesOf: (element) => ({ html: element.html }),
    toElement: (values, element) => ({ ...element, html: values.html }),
    dialogRules: (values): Record<string, string> => (isEmpty(values.html) ? { html: TEXT_REQUIRED } : {}),
  });
  return (
    <ElementDialog title={dialogTitle(props.isNew, textElement.label)} form={form} onCancel={props.onCancel} testId="pb-text-form">
      {() => (
        <EscapeLeavesText onCancel={props.onCancel}>
          <p id={ids.field("html-label")} className="mb-1 text-sm font-medium text-gray-700">
            文字內容
          </p>
          <MarkedRichText error={form.errors.html}>
            <RichTextEditor value={form.values.html} labelledBy={ids.field("html-label")} pictures onChange={(html) => form.set("html", html)} />
          </MarkedRichText>
          <FieldError ids={ids} field="html" error={form.errors.html} />
        </EscapeLeavesText>
      )}
    </ElementDialog>
  );
}

/**
 * ProseMirror keeps Escape for itself (it prevents the key's default), so the
 * dialog would not close from inside the text: it closes here, asking first
 * about changes as the dialog's own Escape does (a paragraph is never lost to
 * a key). The dialogs of the toolbar (link, picture) keep their Escape to
 * themselves (ModalDialog).
 */
function EscapeLeavesText({ onCancel, children }: { onCancel(): void; children: ReactNode }) {
  const beforeDiscard = useBeforeDiscard();
  return (
    <div
      data-testid="field-html"
      onKeyDown={(event) => {
        if (event.key === "Escape" && !event.nativeEvent.isComposing && (event.target as HTMLElement).isContentEditable) beforeDiscard(onCancel);
      }}
    >
      {children}
    </div>
  );
}

/**
 * The shared editor sets its own attributes on the editable area; this marks
 * it invalid and tied to its error, so that a refused 儲存 puts the cursor in
 * it (the dialog focuses the first field marked invalid). A child's effect
 * runs before the form's, so the mark is there when the form looks for it.
 */
function MarkedRichText({ error, children }: { error: string | undefined; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const area = ref.current?.querySelector<HTMLElement>("[contenteditable]");
    if (!area) return;
    if (error) {
      area.setAttribute("aria-invalid", "true");
      area.setAttribute("aria-describedby", ids.error("html"));
    } else {
      area.removeAttribute("aria-invalid");
      area.removeAttribute("aria-describedby");
    }
  }, [error]);
  return <div ref={ref}>{children}</div>;
}

export const textEditor: ElementEditorModule<"text"> = {
  type: "text",
  icon: Type,
  create: (id) => ({ id, type: "text", html: "" }),
  summary: (element) => shortLine(plainText(element.html)) || "（空白文字）",
  Editor: TextEditor,
};
