// The gallery's keyword search and service-type dropdown (000 §2, §5): a GET
// form, so each filtered list has its own address and it works without
// JavaScript. With the gallery's island (case-viewer.tsx), a chosen service
// type shows at once and the address carries only what is set. On a phone the form takes two rows (the
// labels are for screen readers there; the placeholder and the dropdown's
// first option say what each is), so the first cases are in view.
import { Search } from "lucide-react";
import type { ServiceTypeOption } from "#contract/service-types.ts";
import { GALLERY_PATH, SEARCH_MAX_LENGTH, type GalleryQuery } from "./gallery-query.ts";

/** Where the list starts: a search lands there, past the page's heading. */
export const GALLERY_ANCHOR = "portfolio-gallery";
/** What the island listens for. */
export const SEARCH_FORM_ID = "portfolio-search-form";
export const CATEGORY_SELECT_ID = "portfolio-category";

const labelClass = "font-medium text-ink max-md:sr-only";
const fieldClass =
  "block min-h-12 w-full rounded-theme border border-line bg-card px-3 text-base text-ink shadow-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/40 md:mt-1";

export function GalleryFilters({ query, serviceTypes }: { query: GalleryQuery; serviceTypes: ServiceTypeOption[] }) {
  return (
    <form
      id={SEARCH_FORM_ID}
      method="get"
      action={`${GALLERY_PATH}#${GALLERY_ANCHOR}`}
      role="search"
      aria-label="搜尋清潔案例"
      className="grid grid-cols-[1fr_auto] items-end gap-3 rounded-theme bg-card p-3 shadow-sm ring-1 ring-line sm:p-4 md:grid-cols-[1fr_auto_16rem] md:gap-4 md:p-5"
    >
      <div>
        <label htmlFor="portfolio-search" className={labelClass}>
          關鍵字
        </label>
        <input id="portfolio-search" type="search" name="search" defaultValue={query.search} maxLength={SEARCH_MAX_LENGTH} placeholder="案例名稱、地點或說明" className={fieldClass} />
      </div>
      <button type="submit" className="inline-flex min-h-12 items-center gap-2 rounded-theme bg-primary-600 px-5 font-semibold text-white shadow-sm hover:bg-primary-700">
        <Search aria-hidden size={18} />
        搜尋
      </button>
      <div className="col-span-2 md:col-span-1">
        <label htmlFor={CATEGORY_SELECT_ID} className={labelClass}>
          服務類型
        </label>
        <select
          id={CATEGORY_SELECT_ID}
          name="category"
          defaultValue={query.category}
          aria-describedby="portfolio-category-hint"
          className={fieldClass}
        >
          <option value="">全部服務類型</option>
          {serviceTypes.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
        {/* Said before it happens (WCAG 3.2.2): with JavaScript a choice updates the list by itself. */}
        <p id="portfolio-category-hint" className="sr-only">
          選擇後會立即顯示該類型的案例
        </p>
      </div>
    </form>
  );
}
