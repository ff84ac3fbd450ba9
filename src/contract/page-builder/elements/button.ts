// A button element: a call to action (立即預約, 撥打電話, 加入 LINE) in the
// theme's button style, primary (filled) or secondary (outlined), aligned in
// its column and, if chosen, as wide as the phone's screen. It is a plain
// link (link-target.ts says where to): no script. Its words and its target may
// be left empty while the page is a draft; the button is then left off the
// visitor's page and the findings name it before publishing.
import { z } from "zod";
import { alignment, nodeId, words } from "../element-fields.ts";
import { defineElementKind, type ViewContext } from "../element-kind.ts";
import { linkTargetSchema, targetLink } from "../link-target.ts";

export const BUTTON_LOOKS = ["primary", "secondary"] as const;
export type ButtonLook = (typeof BUTTON_LOOKS)[number];
export const BUTTON_LOOK_LABELS: Record<ButtonLook, string> = { primary: "主要按鈕（實心）", secondary: "次要按鈕（外框）" };
export const BUTTON_TEXT_LIMIT = 40;

export const buttonElementSchema = z.object({
  id: nodeId,
  type: z.literal("button"),
  text: words("按鈕文字", BUTTON_TEXT_LIMIT).default(""),
  target: linkTargetSchema.default({ kind: "contact", service: "" }),
  look: z.enum(BUTTON_LOOKS, { error: "請選擇按鈕樣式" }).default("primary"),
  /** Below 768 px the button spans its column: an easy thumb target on a phone. */
  fullWidthOnPhone: z.boolean({ error: "手機上的寬度選擇不正確" }).default(false),
  alignment,
});

type ButtonElement = z.output<typeof buttonElementSchema>;

/** The classes of a button in the theme's style (page-builder.css). */
export const buttonClasses = (look: ButtonLook, fullWidthOnPhone = false) => `pb-button pb-button-${look}${fullWidthOnPhone ? " pb-button-wide" : ""}`;

function buttonView(element: ButtonElement, context: ViewContext): string {
  const link = targetLink(element.target, element.text, buttonClasses(element.look, element.fullWidthOnPhone), context.links);
  return link ? `<div class="pb-button-row pb-align-${element.alignment}">${link}</div>` : "";
}

export const buttonElement = defineElementKind({ type: "button", label: "按鈕", schema: buttonElementSchema, view: buttonView });
