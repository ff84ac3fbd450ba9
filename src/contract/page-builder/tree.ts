// The page builder's tree (docs/product/pages.md; the button of decision 041): containers hold columns (their
// widths come from the container's layout), columns hold elements. Every node
// has a stable id (an element keeps it when it moves, so the editor's history,
// its selection and an accessibility finding follow it). A page saved by the
// builder is JSON: `{ builder: <tree>, html: <generated> }` (content.ts). Each
// element type's fields are its own module's (elements/).
// The same schema checks the editor's draft and the server's save (400 with
// the field in words).
import { z } from "zod";
import { nodeId as id, colour } from "./element-fields.ts";
import { buttonElementSchema } from "./elements/button.ts";
import { codeElementSchema } from "./elements/code.ts";
import { imageElementSchema } from "./elements/image.ts";
import { serviceCardElementSchema } from "./elements/service-card.ts";
import { spacerElementSchema } from "./elements/spacer.ts";
import { textElementSchema } from "./elements/text.ts";
import { videoElementSchema } from "./elements/video.ts";
import { LAYOUT_IDS, layoutOf } from "./layouts.ts";

export const ELEMENT_TYPES = ["text", "image", "video", "code", "spacer", "serviceCard", "button"] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

export const BUILDER_LIMITS = {
  containers: 200,
  elementsPerColumn: 200,
  elements: 1000,
} as const;

export const MOBILE_GAPS = ["none", "small", "medium", "large"] as const;
export type MobileGap = (typeof MOBILE_GAPS)[number];
export const MOBILE_GAP_LABELS: Record<MobileGap, string> = { none: "無間距", small: "小", medium: "中", large: "大" };
export const MOBILE_ORDER_LABELS = { normal: "依原本順序", reverse: "反向排列" } as const;

export const elementSchema = z.discriminatedUnion(
  "type",
  [textElementSchema, imageElementSchema, videoElementSchema, codeElementSchema, spacerElementSchema, serviceCardElementSchema, buttonElementSchema],
  { error: "不支援的元素類型" },
);

export const columnSchema = z.object({
  id,
  elements: z.array(elementSchema, { error: "欄位內容必須是清單" }).max(BUILDER_LIMITS.elementsPerColumn, `一欄最多 ${BUILDER_LIMITS.elementsPerColumn} 個元素`),
});

export const containerSchema = z
  .object({
    id,
    layout: z.string({ error: "請選擇欄位版面" }).refine((value) => LAYOUT_IDS.includes(value), "請選擇欄位版面"),
    columns: z.array(columnSchema, { error: "欄位必須是清單" }).min(1, "容器至少要有一欄"),
    /** Below 768 px the columns stack: in the order written or reversed, some hidden, with a gap. */
    mobile: z
      .object({
        order: z.enum(["normal", "reverse"], { error: "請選擇手機上的排列順序" }).default("normal"),
        hidden: z.array(id, { error: "隱藏的欄位必須是清單" }).default([]),
        gap: z.enum(MOBILE_GAPS, { error: "請選擇手機上的間距" }).default("medium"),
      })
      .default({ order: "normal", hidden: [], gap: "medium" }),
    background: z.union([z.literal(""), colour("容器背景顏色")]).default(""),
  })
  .superRefine((container, ctx) => {
    const layout = layoutOf(container.layout);
    if (layout && layout.columns.length !== container.columns.length) {
      ctx.addIssue({ code: "custom", path: ["columns"], message: `「${layout.name}」版面應有 ${layout.columns.length} 欄` });
    }
    const columnIds = new Set(container.columns.map((column) => column.id));
    if (container.mobile.hidden.some((hidden) => !columnIds.has(hidden))) ctx.addIssue({ code: "custom", path: ["mobile", "hidden"], message: "隱藏的欄位不在這個容器裡" });
  });

export const BUILDER_VERSION = 1;

export const builderTreeSchema = z
  .object({
    version: z.literal(BUILDER_VERSION, { error: "頁面內容的版本不正確" }).default(BUILDER_VERSION),
    containers: z.array(containerSchema, { error: "頁面內容必須是容器的清單" }).max(BUILDER_LIMITS.containers, `頁面最多 ${BUILDER_LIMITS.containers} 個容器`),
  })
  .superRefine((tree, ctx) => {
    const ids = new Set<string>();
    let elements = 0;
    const seen = (value: string, path: Array<string | number>) => {
      if (ids.has(value)) ctx.addIssue({ code: "custom", path, message: "頁面中有重複的項目編號" });
      ids.add(value);
    };
    tree.containers.forEach((container, c) => {
      seen(container.id, ["containers", c, "id"]);
      container.columns.forEach((column, k) => {
        seen(column.id, ["containers", c, "columns", k, "id"]);
        column.elements.forEach((element, e) => {
          elements += 1;
          seen(element.id, ["containers", c, "columns", k, "elements", e, "id"]);
        });
      });
    });
    if (elements > BUILDER_LIMITS.elements) ctx.addIssue({ code: "custom", path: ["containers"], message: `頁面最多 ${BUILDER_LIMITS.elements} 個元素` });
  });

export type BuilderElement = z.output<typeof elementSchema>;
export type ElementOf<T extends ElementType> = Extract<BuilderElement, { type: T }>;
export type BuilderColumn = z.output<typeof columnSchema>;
export type BuilderContainer = z.output<typeof containerSchema>;
export type BuilderTree = z.output<typeof builderTreeSchema>;

export const emptyTree = (): BuilderTree => ({ version: BUILDER_VERSION, containers: [] });
