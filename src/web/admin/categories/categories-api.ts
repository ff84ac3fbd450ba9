// The product categories' calls as the categories screen makes them (001 §7).
import type { Category, CategoryInput } from "#contract/categories.ts";
import { apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { CATEGORIES_PATH } from "./category-form.ts";

/** Sorted by the server: sort order, then the order they were made in. */
export const fetchCategories = (signal?: AbortSignal) => apiGet<Category[]>(CATEGORIES_PATH, signal);
export const createCategory = (body: CategoryInput) => apiRequest<{ id: number }>(CATEGORIES_PATH, { method: "POST", body });
/** Fields left out keep their stored values (a step of the sort order sends only that). */
export const updateCategory = (id: number, body: Partial<CategoryInput>) => apiRequest<{ id: number }>(`${CATEGORIES_PATH}/${id}`, { method: "PUT", body });
export const deleteCategory = (id: number) => apiRequest<null>(`${CATEGORIES_PATH}/${id}`, { method: "DELETE" });
