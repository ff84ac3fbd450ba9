// The code element's dialog: an HTML snippet (a map, another service's form),
// the frame's name for screen readers and its height, with a preview made by
// the element's own view: a frame with sandbox="" (no script runs, nothing
// reaches the page around it), as on the page. The server sanitises the
// snippet on save as well.
import { Code, Info } from "lucide-react";
import { CODE_HEIGHT, codeElement } from "#contract/page-builder/elements/code.ts";
import type { ElementOf } from "#contract/page-builder/tree.ts";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import type { ElementEditorModule, ElementEditorProps } from "../element-editor.ts";
import { dialogTitle, ElementDialog } from "./element-dialog.tsx";
import { numberFrom } from "./element-form.ts";
import { shortLine } from "./plain-text.ts";
import { useElementForm } from "./use-element-form.ts";

const ids = fieldIds("pb-code");
const PREVIEW_CONTEXT = { columnWidth: 100, pictures: {}, isFirstPicture: () => false };

type CodeValues = { html: string; title: string; height: string };

/** The frame the page would show, for the preview: the view's own HTML, at a height within the allowed range. */
export function codePreviewHtml(element: ElementOf<"code">, values: CodeValues): string {
  const height = Math.min(CODE_HEIGHT.max, Math.max(CODE_HEIGHT.min, Math.round(numberFrom(values.height)) || CODE_HEIGHT.min));
  return codeElement.view({ ...element, html: values.html, title: values.title.trim(), height }, PREVIEW_CONTEXT);
}

function CodeEditor(props: ElementEditorProps<"code">) {
  const form = useElementForm(props, {
    valuesOf: ({ html, title, height }): CodeValues => ({ html, title, height: String(height) }),
    toElement: (values, element) => ({ ...element, html: values.html, title: values.title, height: numberFrom(values.height) }),
  });
  const { values, set, errors } = form;
  return (
    <ElementDialog title={dialogTitle(props.isNew, codeElement.label)} form={form} onCancel={props.onCancel} testId="pb-code-form">
      {() => (
        <>
          {props.element.note ? (
            <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="code-note">
              <Info aria-hidden size={18} className="mt-0.5 shrink-0" />
              {props.element.note}
            </p>
          ) : null}
          <div className="[&_textarea]:font-mono [&_textarea]:text-sm">
            <TextField
              ids={ids}
              field="html"
              label="HTML 程式碼"
              control="textarea"
              rows={10}
              value={values.html}
              errors={errors}
              help="這段程式碼只會在隔離的框架中顯示：其中的程式（script）不會執行，也影響不到頁面的其他部分；儲存時會移除不安全的內容。"
              onChange={(html) => set("html", html)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField ids={ids} field="title" label="框架名稱" value={values.title} errors={errors} help="螢幕閱讀器會讀出這個名稱，例如「公司位置地圖」" onChange={(title) => set("title", title)} />
            <TextField ids={ids} field="height" label="高度（像素）" control="number" value={values.height} errors={errors} help={`${CODE_HEIGHT.min} 到 ${CODE_HEIGHT.max} 像素`} onChange={(height) => set("height", height)} />
          </div>
          <section aria-labelledby={ids.field("preview-title")}>
            <h3 id={ids.field("preview-title")} className="mb-1 text-sm font-medium text-gray-700">
              預覽
            </h3>
            {/* The view's HTML is one frame whose snippet is escaped into srcdoc and runs nothing (sandbox=""). */}
            <div className="overflow-hidden rounded-lg border border-gray-300 bg-white [&_iframe]:block [&_iframe]:w-full" data-testid="code-preview" dangerouslySetInnerHTML={{ __html: codePreviewHtml(props.element, values) }} />
          </section>
        </>
      )}
    </ElementDialog>
  );
}

export const codeEditor: ElementEditorModule<"code"> = {
  type: "code",
  icon: Code,
  create: (id) => ({ id, type: "code", html: "", title: "嵌入內容", height: 200, note: "" }),
  summary: (element) => (element.note ? "舊版頁面的內容（程式碼片段）" : element.title.trim() && element.title !== "嵌入內容" ? `程式碼片段：${shortLine(element.title, 20)}` : "程式碼片段"),
  Editor: CodeEditor,
};
