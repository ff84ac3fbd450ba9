// A text element: rich text written in the text dialog (TipTap, as the news
// editor). Its HTML is sanitised by the server (lib/staff-html.ts) on save and
// before a visitor sees it.
import { z } from "zod";
import { nodeId } from "../element-fields.ts";
import { defineElementKind } from "../element-kind.ts";

export const TEXT_HTML_LIMIT = 50_000;

export const textElementSchema = z.object({
  id: nodeId,
  type: z.literal("text"),
  html: z.string({ error: "文字內容必須是文字" }).max(TEXT_HTML_LIMIT, "文字內容太長了"),
});

export const textElement = defineElementKind({
  type: "text",
  label: "文字",
  schema: textElementSchema,
  view: (element) => `<div class="pb-text">${element.html}</div>`,
});
