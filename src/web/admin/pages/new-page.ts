// A new free page (issue 24): its key is its address `/{page_key}`, checked by
// the contract's rules before sending (keys that would shadow a path of the
// site are refused there and by the server). It starts as an empty built page,
// not yet published: nothing reaches visitors before the editor's 發布.
import { emptyTree } from "#contract/page-builder/tree.ts";
import { newPageInputSchema } from "#contract/page-input.ts";
import { publicPathOf } from "#contract/pages.ts";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { builderContentOf } from "./page-mode.ts";

export interface NewPageValues {
  page_key: string;
  title: string;
}

export const EMPTY_NEW_PAGE: NewPageValues = { page_key: "", title: "" };

export function newPagePayload(values: NewPageValues) {
  return {
    page_key: values.page_key.trim(),
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
export const newPageAddress = (key: string) => (key.trim() ? publicPathOf(key.trim()) : "/（頁面代碼）");
