// A new free page (issue 24): its key is its address `/{page_key}`, in Chinese
// too like a news article's (`/年終大掃除`; decision 019), suggested from the
// title until the person writes one of their own (decision 042), and checked by
// the contract's rules before sending (addresses that would shadow a path of
// the site are refused there and by the server). It starts as an empty built
// page, not yet published: nothing reaches visitors before the editor's 發布.
import { slugify } from "#contract/blog.ts";
import { emptyTree } from "#contract/page-builder/tree.ts";
import { newPageInputSchema } from "#contract/page-input.ts";
import { pageAddressOf } from "#contract/pages.ts";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { builderContentOf } from "./page-mode.ts";

export interface NewPageValues {
  page_key: string;
  title: string;
}

export const EMPTY_NEW_PAGE: NewPageValues = { page_key: "", title: "" };

/** The longest address a key may be (the contract's limit). */
const KEY_LENGTH = 60;

/** The address a title suggests: the news slugs' rules (lowercase, Chinese kept, other runs one hyphen), within the key's length. */
export const suggestedPageKey = (title: string) => slugify(title).slice(0, KEY_LENGTH).replace(/-+$/, "");

/** A new title: the address follows it while it is empty or still the previous title's suggestion. */
export function withTitle(values: NewPageValues, title: string): NewPageValues {
  const following = values.page_key.trim() === "" || values.page_key === suggestedPageKey(values.title);
  return { title, page_key: following ? suggestedPageKey(title) : values.page_key };
}

/** The key as typed, without the leading slash the form shows before it. */
const keyOf = (typed: string) => typed.trim().replace(/^\/+/, "");

export function newPagePayload(values: NewPageValues) {
  return {
    page_key: keyOf(values.page_key),
    title: values.title.trim(),
    content: builderContentOf(emptyTree()),
    meta_title: "",
    meta_description: "",
    meta_keywords: "",
    is_active: 0,
  };
}

/** The contract's refusals by field, the first of each. */
export function validateNewPage(values: NewPageValues): FieldErrors {
  const result = newPageInputSchema.safeParse(newPagePayload(values));
  const errors: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0] ?? "_")] ??= issue.message;
  return errors;
}

/** The address the key gives, as the form shows it while it is typed. */
export const newPageAddress = (typed: string) => (keyOf(typed) ? pageAddressOf(keyOf(typed)) : "/（網址）");
