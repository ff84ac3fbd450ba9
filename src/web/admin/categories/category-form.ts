// The categories screen without a browser (001 §2, §3, §4, §5, §8, §9): the
// form and what it sends (checked with the contract's own schema), the up and
// down steps of the sort order, and the screen's words.
import { categoryInputSchema, movedSortOrder, type Category, type CategoryInput, type CategoryStatus } from "#contract/categories.ts";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";

export const CATEGORIES_PATH = "/admin-api.php/categories";
export const CATEGORIES_QUERY_KEY = ["admin", "categories"] as const;

/** The screen's own words, beside CATEGORY_MESSAGES (the server's). */
export const CATEGORY_TEXT = {
  loadFailed: "載入類別失敗",
  loading: "載入類別中...",
  deleteConfirm: "確定要刪除此類別嗎？此動作無法復原。",
  sortHelp: "數字越小越前面，最小為 0；也可以在列表中按「上移」「下移」調整",
  emptyHint: "按「新增類別」建立第一個類別",
} as const;

export interface CategoryFormValues {
  name: string;
  description: string;
  /** As typed in the number field. */
  sort_order: string;
  status: CategoryStatus;
}

/** A new category: sort order 0 (001 §9), active. */
export const EMPTY_CATEGORY_FORM: CategoryFormValues = { name: "", description: "", sort_order: "0", status: "active" };

export const formFromCategory = (category: Category): CategoryFormValues => ({
  name: category.name,
  description: category.description,
  sort_order: String(category.sort_order),
  status: category.status,
});

/** The body of POST and PUT: the whole form; the server reads the number with the same rule. */
export function categoryPayload(values: CategoryFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    sort_order: values.sort_order.trim(),
    status: values.status,
  } satisfies CategoryInput;
}

/** The contract's rules, checked before sending: the first message of each field. */
export function validateCategory(payload: ReturnType<typeof categoryPayload>): FieldErrors {
  const result = categoryInputSchema.safeParse(payload);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "_")] ??= issue.message;
  return errors;
}

export type MoveDirection = "up" | "down";

/** Up lowers the number by one and stops at 0, where the button is disabled (001 §4). */
export const canMove = (category: Pick<Category, "sort_order">, direction: MoveDirection) => direction === "down" || category.sort_order > 0;

/** The PUT body of one step; only the sort order changes (the server keeps the other fields). */
export const moveBody = (category: Pick<Category, "sort_order">, direction: MoveDirection) => ({ sort_order: movedSortOrder(category.sort_order, direction) });

/** The toast after a step: which category, and its new number (the row may jump). */
export const movedMessage = (name: string, sortOrder: number) => `已將「${name}」的排序改為 ${sortOrder}`;
