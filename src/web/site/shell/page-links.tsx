// A public list's page links (000 §5: the case gallery, the news): the first,
// the last and the pages within one of the current one, a gap of one page shown
// as that page and a longer one as an ellipsis (lib/page-items.ts), with 上一頁
// and 下一頁. Plain links: each page has its own address and works without JavaScript.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageItems } from "#web/lib/page-items.ts";

/** The public site shows the pages next to the current one (000 §5). */
const AROUND = 1;

const linkClass = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-theme px-3 font-medium ring-1";
const idle = `${linkClass} bg-card text-ink ring-line hover:bg-primary-50`;

interface PageLinksProps {
  current: number;
  totalPages: number;
  hrefOf: (page: number) => string;
  /** The navigation's name for screen readers. */
  label: string;
}

export function PageLinks({ current, totalPages, hrefOf, label }: PageLinksProps) {
  const items = pageItems(current, totalPages, AROUND);
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {current > 1 ? (
          <li>
            {/* From past the end (an old link), the previous page is the last one. */}
            <a href={hrefOf(Math.min(current, totalPages + 1) - 1)} className={idle}>
              <ChevronLeft aria-hidden size={18} />
              上一頁
            </a>
          </li>
        ) : null}
        {items.map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-ink-muted" data-testid="page-gap">
              …
            </li>
          ) : (
            <li key={item}>
              <a
                href={hrefOf(item)}
                aria-current={item === current ? "page" : undefined}
                aria-label={`第 ${item} 頁`}
                className={item === current ? `${linkClass} bg-primary-600 text-white ring-primary-600` : idle}
              >
                {item}
              </a>
            </li>
          ),
        )}
        {current < totalPages ? (
          <li>
            <a href={hrefOf(current + 1)} className={idle}>
              下一頁
              <ChevronRight aria-hidden size={18} />
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
