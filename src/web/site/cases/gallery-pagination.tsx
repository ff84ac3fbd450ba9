// The gallery's pages (000 §2, §9: nine cases a page) as links, the search and
// service type kept: each page has its own address and works without JavaScript.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { galleryHref, type GalleryQuery } from "./gallery-query.ts";
import { pageItems } from "#web/lib/page-items.ts";

/** Where a page link lands: the list, past the page's heading and the featured cases. */
export const LIST_ANCHOR = "all-cases";

const linkClass = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-theme px-3 font-medium ring-1";

export function GalleryPagination({ query, totalPages }: { query: GalleryQuery; totalPages: number }) {
  // The public site shows the pages next to the current one (000 §5).
  const items = pageItems(query.page, totalPages, 1);
  if (items.length === 0) return null;
  const href = (page: number) => galleryHref({ ...query, page }, { hash: LIST_ANCHOR });
  const idle = `${linkClass} bg-card text-ink ring-line hover:bg-primary-50`;
  return (
    <nav aria-label="案例分頁" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {query.page > 1 ? (
          <li>
            <a href={href(Math.min(query.page, totalPages + 1) - 1)} className={idle}>
              <ChevronLeft aria-hidden size={18} />
              上一頁
            </a>
          </li>
        ) : null}
        {items.map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <a
                href={href(item)}
                aria-current={item === query.page ? "page" : undefined}
                aria-label={`第 ${item} 頁`}
                className={item === query.page ? `${linkClass} bg-primary-600 text-white ring-primary-600` : idle}
              >
                {item}
              </a>
            </li>
          ),
        )}
        {query.page < totalPages ? (
          <li>
            <a href={href(query.page + 1)} className={idle}>
              下一頁
              <ChevronRight aria-hidden size={18} />
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
