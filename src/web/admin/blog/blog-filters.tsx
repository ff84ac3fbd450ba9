// The news list's filter bar (002 §2.1): a search box (title or content),
// the category and the status. The search is sent a moment after typing
// stops, or at once with Enter; the selects apply when changed.
import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { BlogCategory } from "#contract/blog.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { STATUS_OPTIONS, type ListFilters } from "./blog-list.ts";

/** Typing pauses this long before the list is asked again. */
const SEARCH_DELAY_MS = 400;

interface BlogFiltersProps {
  filters: ListFilters;
  categories: readonly BlogCategory[];
  /** A new filter starts again at the first page. */
  onChange(filters: ListFilters): void;
}

export function BlogFilters({ filters, categories, onChange }: BlogFiltersProps) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const latest = useRef(filters);
  latest.current = filters;

  // The address changed from elsewhere (back, a cleared filter): the box follows.
  // (What is being typed, spaces and all, stays while it says the same.)
  useEffect(() => setSearch((current) => (current.trim() === filters.search ? current : filters.search)), [filters.search]);

  useEffect(() => {
    const wanted = search.trim();
    if (wanted === latest.current.search) return;
    const timer = setTimeout(() => onChange({ ...latest.current, search: wanted, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, onChange]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = search.trim();
    if (wanted !== filters.search) onChange({ ...filters, search: wanted, page: 1 });
  }

  return (
    <form role="search" onSubmit={submit} className="grid gap-3 rounded-2xl bg-white p-3 text-gray-900 shadow-sm sm:grid-cols-[1fr_12rem_10rem]" data-testid="blog-filters">
      <div>
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-gray-700">
          搜尋文章
        </label>
        <div className="relative">
          <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 mt-0.5 -translate-y-1/2 text-gray-500" />
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={100}
            placeholder="標題或內容"
            onChange={(event) => setSearch(event.target.value)}
            className={`${inputClass} min-h-11 pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden`}
            data-testid="blog-search"
          />
          {search ? (
            <button
              type="button"
              aria-label="清除搜尋"
              onClick={() => {
                setSearch("");
                onChange({ ...filters, search: "", page: 1 });
              }}
              className={`absolute top-1/2 right-0 mt-0.5 grid size-11 -translate-y-1/2 place-items-center rounded-lg text-gray-600 hover:text-gray-900 ${focusRing}`}
            >
              <X aria-hidden size={16} />
            </button>
          ) : null}
        </div>
      </div>
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
    </form>
  );
}
