// A code element: an HTML snippet (a map, a form of another service), shown in
// a sandboxed frame of its own on the page and in the editor: no script runs,
// nothing reaches the page around it. The server sanitises the snippet too.
// Older pages' content the parser does not know becomes a code element with a
// note (legacy-html.ts), so it is kept and never run.
import { z } from "zod";
import { escapeHtml, nodeId, wholeNumber, words } from "../element-fields.ts";
import { defineElementKind } from "../element-kind.ts";

export const CODE_HTML_LIMIT = 20_000;
export const CODE_HEIGHT = { min: 80, max: 1200 } as const;

export const codeElementSchema = z.object({
  id: nodeId,
  type: z.literal("code"),
  html: z.string({ error: "程式碼必須是文字" }).max(CODE_HTML_LIMIT, "程式碼太長了"),
  /** The frame's name for screen readers (an iframe needs one). */
  title: words("程式碼區塊的名稱", 200).default("嵌入內容"),
  height: wholeNumber("高度", CODE_HEIGHT.min, CODE_HEIGHT.max).default(200),
  /** Why the editor shows it as code: content of an older page the builder did not recognise. */
  note: words("說明", 300).default(""),
});

export const codeElement = defineElementKind({
  type: "code",
  label: "程式碼",
  schema: codeElementSchema,
  view: (element) =>
    `<iframe class="pb-code" sandbox="" title="${escapeHtml(element.title || "嵌入內容")}" height="${element.height}" loading="lazy" srcdoc="${escapeHtml(element.html)}"></iframe>`,
});
