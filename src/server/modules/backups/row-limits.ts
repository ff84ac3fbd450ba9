// What a restored row may hold: the limits the API holds the same fields to,
// read from the contract's own schemas (never copied here, so a limit changed
// there is the restore's limit too), and from them the longest line a table's
// part may have (docs/decisions/045-restore-within-bounds.md).
//
// Held: the columns a person types and the product stores as typed (trimmed).
// Left to the line bound only: what the product derives or rewrites (HTML it
// cleans, a page's builder tree, autosaved drafts, search words, JSON lists),
// and what it writes itself (activity, jobs, deliveries): those may rightly
// exceed what was typed, and refusing them would refuse a real backup.
import type { z } from "zod";
import { bannerInputSchema } from "#contract/banner.ts";
import { blogCategoryInputSchema, blogPostInputSchema, blogTagInputSchema } from "#contract/blog.ts";
import { categoryInputSchema } from "#contract/categories.ts";
import { contactInputSchema, contactNoteSchema } from "#contract/contact.ts";
import { cannedReplyInputSchema, customerUpdateSchema, sendMessageSchemas } from "#contract/customers.ts";
import { mediaAltSchema } from "#contract/media-input.ts";
import { pageInputSchema } from "#contract/page-input.ts";
import { portfolioInputSchema } from "#contract/portfolios.ts";
import { serviceTypeInputSchema } from "#contract/service-types.ts";
import { serviceCategoryInputSchema, serviceImageInputSchema, serviceItemInputSchema } from "#contract/services.ts";
import { settingRules } from "#contract/settings.schema.ts";
import { themeUpdateSchema } from "#contract/theme.schema.ts";
import type { Row } from "./table-catalog.ts";

type Schema = z.ZodType;
type Def = { type: string; innerType?: Schema; in?: Schema; out?: Schema; element?: Schema; options?: Schema[]; shape?: Record<string, Schema> };
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that hand a value on to one schema inside. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

/**
 * The most characters a field's schema lets through, or undefined when it sets none on a
 * string (a number, a list, a rule without a length). Through a pipe, the stricter side.
 */
export function maxLengthOf(schema: Schema): number | undefined {
  const def = defOf(schema);
  if (def.type === "string") return (schema as z.ZodString).maxLength ?? undefined;
  if (WRAPPERS.has(def.type) && def.innerType) return maxLengthOf(def.innerType);
  if (def.type === "pipe" && def.in && def.out) {
    const sides = [maxLengthOf(def.in), maxLengthOf(def.out)].filter((max): max is number => max !== undefined);
    return sides.length > 0 ? Math.min(...sides) : undefined;
  }
  return undefined;
}

/** The object a schema reads (through wrappers, pipes and a list's items): its fields by name. */
function fieldsOf(schema: Schema): Record<string, Schema> {
  const def = defOf(schema);
  if (def.shape) return def.shape;
  const inner = WRAPPERS.has(def.type) ? def.innerType : def.type === "pipe" ? def.in : def.type === "array" ? def.element : undefined;
  if (!inner) throw new Error(`No fields found in a schema of type ${def.type}`);
  return fieldsOf(inner);
}

/** A field's limit and the API's own refusal of a value past it (「訊息內容不能超過 5000 個字元」). */
export interface FieldLimit {
  max: number;
  message: string;
}

/** Which rows of a table people typed the columns of (the rest the product wrote, to other limits). */
type RowsTyped = (row: Row) => boolean;

function limitOf(field: Schema, name: string): FieldLimit {
  const max = maxLengthOf(field);
  if (max === undefined) throw new Error(`The field ${name} sets no length`);
  const refused = field.safeParse("x".repeat(max + 1));
  const message = refused.success ? undefined : refused.error.issues.find((issue) => issue.code === "too_big")?.message;
  if (!message) throw new Error(`The field ${name} does not refuse a value past its length`);
  return { max, message };
}

/**
 * Per table, the typed columns and the schema that takes them (the column's field name when it differs;
 * the list field whose items are the rows; the rows people typed, when not all of them).
 */
const TYPED_COLUMNS: [table: string, schema: Schema, columns: (string | [column: string, field: string])[], within?: string, typedRows?: RowsTyped][] = [
  ["contacts", contactInputSchema, ["name", "email", "phone", "company", "subject", "message", "source"]],
  ["contacts", contactNoteSchema, [["staff_note", "note"]]],
  ["blog_posts", blogPostInputSchema, ["title", "summary", "featured_image", "seo_title", "seo_description"]],
  ["blog_post_revisions", blogPostInputSchema, ["title", "summary", "featured_image", "seo_title", "seo_description"]],
  ["blog_categories", blogCategoryInputSchema, ["name"]],
  ["blog_tags", blogTagInputSchema, ["name"]],
  ["pages", pageInputSchema, ["title", "meta_title", "meta_description", "meta_keywords"]],
  ["page_revisions", pageInputSchema, ["title", "meta_title", "meta_description", "meta_keywords"]],
  ["hero_banners", bannerInputSchema, ["title", "subtitle", "description", "image_url", "video_url", "button_text", "button_link"]],
  ["service_categories", serviceCategoryInputSchema, ["name", "description"]],
  ["service_items", serviceItemInputSchema, ["name", "description", "main_image", "price_unit"]],
  ["service_images", serviceImageInputSchema, ["image_path", "title", "description"]],
  ["portfolios", portfolioInputSchema, ["title", "description", "client", "category"]],
  ["portfolio_photo_groups", portfolioInputSchema, ["title", "description", "before_image", "after_image"], "photo_groups"],
  ["categories", categoryInputSchema, ["name", "description"]],
  ["line_customers", customerUpdateSchema, ["display_name", "notes"]],
  ["line_canned_replies", cannedReplyInputSchema, ["title", "text"]],
  ["themes", themeUpdateSchema, ["name", "industry", "description", "font_family"]],
  ["media_files", mediaAltSchema, ["alt_text"]],
  // Types made by hand; the automatic ones take a service's name, which may be longer.
  ["service_types", serviceTypeInputSchema, ["value", "label"], undefined, (row) => Number(row.is_auto) !== 1],
  // What staff sent; a customer's words are LINE's, to LINE's own limits.
  ["line_messages", sendMessageSchemas.text, [["message_content", "message"]], undefined, (row) => row.direction === "outgoing" && row.message_type === "text"],
];

/** Read from the schemas on the first restore, not with the server: a schema this cannot read fails that restore (and row-limits.test.ts), never the start. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The limits of the typed columns, by table and column. */
export const columnLimits = once((): ReadonlyMap<string, ReadonlyMap<string, FieldLimit & { typedRows?: RowsTyped }>> => {
  const tables = new Map<string, Map<string, FieldLimit & { typedRows?: RowsTyped }>>();
  for (const [table, schema, columns, within, typedRows] of TYPED_COLUMNS) {
    const list = within === undefined ? schema : fieldsOf(schema)[within];
    if (!list) throw new Error(`No field ${within} for ${table}`);
    const fields = fieldsOf(list);
    const limits = tables.get(table) ?? new Map<string, FieldLimit & { typedRows?: RowsTyped }>();
    for (const entry of columns) {
      const [column, field] = typeof entry === "string" ? [entry, entry] : entry;
      const fieldSchema = fields[field];
      if (!fieldSchema) throw new Error(`No field ${field} for ${table}.${column}`);
      limits.set(column, { ...limitOf(fieldSchema, `${table}.${column}`), ...(typedRows ? { typedRows } : {}) });
    }
    tables.set(table, limits);
  }
  return tables;
});

/** Each setting's value (a row of `settings` per key) by its own rule, for the settings whose rule sets a length. */
export const settingLimits = once(
  (): ReadonlyMap<string, FieldLimit> =>
    new Map(Object.entries(settingRules).flatMap(([key, rule]) => (maxLengthOf(rule) === undefined ? [] : [[key, limitOf(rule, `settings.${key}`)] as const]))),
);

/**
 * The longest field any of these schemas takes: page and article content (500,000
 * characters). Content is not among the typed columns (the server cleans it, and a
 * cleaned copy may be longer), but it is what makes the largest rows.
 */
export const longestField = once(() => {
  const contents = [fieldsOf(pageInputSchema).content, fieldsOf(blogPostInputSchema).content].map((field) => (field ? maxLengthOf(field) : undefined));
  if (contents.some((max) => max === undefined)) throw new Error("Page and article content set no length");
  return Math.max(...(contents as number[]));
});

/**
 * The longest line (in bytes) a row of ours can be in an archive. The largest rows hold
 * the longest field twice (a page: its content and the autosaved draft that holds it
 * again; an article: its content and the search words made from it), a cleaned copy may
 * grow to twice what was typed (& becomes &amp;), and JSON spends at most 6 bytes on one
 * character (\u0000): 2 × 2 × 6 × 500,000 = 12 MB. Every other column of such a row is
 * far shorter than the margin this leaves.
 */
export const rowLineBytes = () => 2 * 2 * 6 * longestField();

/** A typed column past its limit in this row: its column and the API's refusal; undefined when the row is within them. */
export function overLimit(table: string, row: Row): { column: string; message: string } | undefined {
  if (table === "settings") {
    const limit = typeof row.key === "string" ? settingLimits().get(row.key) : undefined;
    return limit && typeof row.value === "string" && row.value.length > limit.max ? { column: "value", message: limit.message } : undefined;
  }
  const limits = columnLimits().get(table);
  if (!limits) return undefined;
  for (const [column, limit] of limits) {
    const value = row[column];
    if (typeof value === "string" && value.length > limit.max && (limit.typedRows?.(row) ?? true)) return { column, message: limit.message };
  }
  return undefined;
}
