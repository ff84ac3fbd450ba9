// A service card element (docs/product/pages.md): an icon (the spec's 14 or the services'
// 12) in its colour, a background colour, a title, a description, a list of
// items, the alignment and, if chosen, a link or a button under it (to its
// service's page by default; anywhere a button goes, link-target.ts). The
// icon is inline SVG: no icon font, no script.
import { z } from "zod";
import { SERVICE_CARD_ICON_SVG, SERVICE_CARD_ICONS } from "../icons.ts";
import { alignment, colour, escapeHtml, nodeId, words } from "../element-fields.ts";
import { defineElementKind, type ViewContext } from "../element-kind.ts";
import { linkTargetSchema, targetLink } from "../link-target.ts";
import { buttonClasses } from "./button.ts";

export const CARD_ITEMS_LIMIT = 12;

/** What the card offers under its words: nothing, an underlined link, or a button in the theme's style. */
export const CARD_ACTION_LOOKS = ["none", "link", "button"] as const;
export type CardActionLook = (typeof CARD_ACTION_LOOKS)[number];
export const CARD_ACTION_LOOK_LABELS: Record<CardActionLook, string> = { none: "不顯示", link: "文字連結", button: "按鈕" };

export const cardActionSchema = z.object({
  look: z.enum(CARD_ACTION_LOOKS, { error: "請選擇卡片下方要不要顯示連結" }).default("none"),
  text: words("連結文字", 40).default(""),
  target: linkTargetSchema.default({ kind: "page", path: "" }),
});
export const NO_CARD_ACTION: z.output<typeof cardActionSchema> = { look: "none", text: "", target: { kind: "page", path: "" } };

export const serviceCardElementSchema = z.object({
  id: nodeId,
  type: z.literal("serviceCard"),
  icon: z.enum(SERVICE_CARD_ICONS, { error: "請選擇圖示" }),
  iconColor: colour("圖示顏色"),
  backgroundColor: colour("背景顏色"),
  title: words("標題", 100).min(1, "請輸入卡片標題"),
  description: words("說明", 500).default(""),
  items: z.array(words("項目", 100), { error: "項目必須是清單" }).max(CARD_ITEMS_LIMIT, `項目最多 ${CARD_ITEMS_LIMIT} 個`).default([]),
  alignment,
  action: cardActionSchema.default(NO_CARD_ACTION),
});

type ServiceCardElement = z.output<typeof serviceCardElementSchema>;

/** Relative luminance (WCAG) of #RGB / #RRGGBB; undefined for anything else (no background chosen). */
function luminanceOf(colour: string): number | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join("") : match[1]!;
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(digits.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const DARK_INK = { ink: "#1f2937", muted: "#4b5563", luminance: 0.0184 };
/**
 * The card's words take their colour from the card's own background, not from the page: a white
 * card keeps dark words when the site is in its dark scheme (which lightens the page's text).
 */
function cardInk(background: string): string {
  const surface = luminanceOf(background);
  if (surface === undefined) return "";
  const onDark = (1 + 0.05) / (surface + 0.05);
  const onLight = (surface + 0.05) / (DARK_INK.luminance + 0.05);
  return onLight >= onDark ? `;color:${DARK_INK.ink};--pb-card-muted:${DARK_INK.muted}` : ";color:#ffffff;--pb-card-muted:#e5e7eb";
}

/** The card's link or button; a link takes the card's own words' colour (cardInk), so it reads on any background. */
function actionHtml(action: ServiceCardElement["action"], context: ViewContext): string {
  if (action.look === "none") return "";
  const link = targetLink(action.target, action.text, action.look === "button" ? buttonClasses("primary") : "pb-card-link", context.links);
  return link ? `<p class="pb-card-action">${link}</p>` : "";
}

function serviceCardView(element: ServiceCardElement, context: ViewContext): string {
  const icon = `<span class="pb-card-icon" style="color:${element.iconColor}" data-icon="${element.icon}" aria-hidden="true"><svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false">${SERVICE_CARD_ICON_SVG[element.icon]}</svg></span>`;
  const description = element.description ? `<p class="pb-card-text">${escapeHtml(element.description)}</p>` : "";
  const items = element.items.filter(Boolean);
  const list = items.length > 0 ? `<ul class="pb-card-items">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>` : "";
  return `<div class="pb-card pb-align-${element.alignment}" style="background-color:${element.backgroundColor}${cardInk(element.backgroundColor)}">${icon}<h3 class="pb-card-title">${escapeHtml(element.title)}</h3>${description}${list}${actionHtml(element.action, context)}</div>`;
}

export const serviceCardElement = defineElementKind({ type: "serviceCard", label: "服務卡片", schema: serviceCardElementSchema, view: serviceCardView });
