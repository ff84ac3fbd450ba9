// The news list's filter bar (002 §2.1): a search box (title or content; sent
// a moment after typing stops, or at once with Enter: search-field.tsx), the
// category and the status, applied when changed.
import { useId } from "react";
import type { BlogCategory } from "#contract/blog.ts";
import { inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { SearchField } from "#web/admin/shared/search-field.tsx";
import { STATUS_OPTIONS, type ListFilters } from "./blog-list.ts";

interface BlogFiltersProps {
  filters: ListFilters;
  categories: readonly BlogCategory[];
  /** A new filter starts again at the first page. */
  onChange(filters: ListFilters): void;
}

export function BlogFilters({ filters, categories, onChange }: BlogFiltersProps) {
  const id = useId();
  return (
    <div role="search" className="grid gap-3 rounded-2xl bg-white p-3 text-gray-900 shadow-sm sm:grid-cols-[1fr_12rem_10rem]" data-testid="blog-filters">
      {/* Its search comes a moment after typing, with the filters as they are then (the latest render's callback). */}
      <SearchField label="搜尋文章" placeholder="標題或內容" value={filters.search} onSearch={(search) => onChange({ ...filters, search, page: 1 })} testId="blog-search" />
      <div>
        <label htmlFor={`${id}-category`} className="text-sm font-medium text-gray-700">
          分類
        </label>
        <select
          id={`${id}-category`}
          value={filters.category}
          onChange={(event) => onChange({ ...filters, category: event.target.value, page: 1 })}
          className={`${inputClass} min-h-11`}
          data-testid="blog-category-filter"
        >
          <option value="">全部分類</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="text-sm font-medium text-gray-700">
          狀態
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as ListFilters["status"], page: 1 })}
          className={`${inputClass} min-h-11`}
          data-testid="blog-status-filter"
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
