// The case gallery (000 §2, §4, §5, §8, §9), rendered by the server as static
// HTML: the search form, up to three featured cases, the page's cases (nine a
// page) or 目前沒有符合條件的清潔案例, and the page links — all plain links and a
// GET form, so it works without JavaScript and costs nothing to hydrate. Its
// island (case-viewer.tsx) holds only the open case's detail and takes over
// the cards' links and the form in the browser.
import type { ResponsivePicture } from "#contract/media.ts";
import type { ServiceTypeOption } from "#contract/service-types.ts";
import { Island } from "#web/site/islands/island.tsx";
import { CaseCard } from "./case-card.tsx";
import { withoutPlaceholders, type CaseView } from "./case-view.ts";
import { CaseViewer } from "./case-viewer.tsx";
import { GALLERY_ANCHOR, GalleryFilters } from "./gallery-filters.tsx";
import { PageLinks } from "#web/site/shell/page-links.tsx";
import { galleryHref, isFiltered, type GalleryQuery } from "./gallery-query.ts";

export interface PortfolioGalleryProps {
  query: GalleryQuery;
  serviceTypes: ServiceTypeOption[];
  /** The featured cases shown above the list (none while the list is narrowed or past its first page). */
  featuredIds: number[];
  /** The page's cases, newest first. */
  pageIds: number[];
  /** Each case once: the featured, the page's, and the open one when it is neither. */
  cases: CaseView[];
  total: number;
  totalPages: number;
  openCase: number | null;
  /** Every picture's variants, with the blurred placeholders the cards paint first. */
  pictures: Record<string, ResponsivePicture>;
  /** The contract's texts (PORTFOLIO_MESSAGES), handed over by the server: the contract's module would bring zod into the island. */
  texts: { noneFound: string; noPhotos: string };
}

/** The card's element id: where the close link of a detail without JavaScript returns to. */
/** Where a page link lands: the list, past the page's heading and the featured cases. */
const LIST_ANCHOR = "all-cases";
const cardAnchor = (id: number, featured: boolean) => `${featured ? "featured-" : ""}case-${id}`;

export function PortfolioGallery({ query, serviceTypes, featuredIds, pageIds, cases, total, totalPages, openCase, pictures, texts }: PortfolioGalleryProps) {
  const byId = new Map(cases.map((view) => [view.id, view]));
  const filtered = isFiltered(query);
  const closeAnchors = Object.fromEntries(
    cases.map((view) => [view.id, pageIds.includes(view.id) ? cardAnchor(view.id, false) : featuredIds.includes(view.id) ? cardAnchor(view.id, true) : LIST_ANCHOR]),
  );

  const cards = (ids: number[], featured: boolean, firstPriority: boolean) =>
    ids.map((id, index) => {
      const view = byId.get(id)!;
      return (
        // Cards out of view are laid out when they near it (content-visibility): a phone's first paint styles one card, not twelve.
        <li key={id} id={cardAnchor(id, featured)} className="flex scroll-mt-24 [contain-intrinsic-height:auto_32rem] [content-visibility:auto] [&>article]:flex-1">
          <CaseCard view={view} picture={pictures[view.cover]} href={galleryHref(query, { caseId: id })} priority={firstPriority && index === 0} search={query.search} />
        </li>
      );
    });

  return (
    <div id={GALLERY_ANCHOR} className="container-site scroll-mt-20 space-y-12 py-10 md:py-14">
      <GalleryFilters query={query} serviceTypes={serviceTypes} />

      {featuredIds.length > 0 ? (
        <section aria-labelledby="featured-cases-title" data-testid="featured-cases">
          <h2 id="featured-cases-title" className="text-2xl font-bold text-ink">
            精選案例
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{cards(featuredIds, true, true)}</ul>
        </section>
      ) : null}

      <section id={LIST_ANCHOR} aria-labelledby="all-cases-title" className="scroll-mt-24" data-testid="all-cases">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h2 id="all-cases-title" className="text-2xl font-bold text-ink">
            {filtered ? "搜尋結果" : "所有案例"}
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 text-ink-muted">
            {total > 0 ? <span>共 {total} 個案例</span> : null}
            {filtered ? (
              <a href={`${galleryHref({ search: "", category: "", page: 1 })}#${GALLERY_ANCHOR}`} className="inline-flex min-h-11 items-center font-medium text-primary-700 hover:underline">
                清除搜尋條件
              </a>
            ) : null}
          </p>
        </div>
        {pageIds.length === 0 ? (
          <p className="mt-6 rounded-theme bg-surface-muted p-10 text-center text-ink-muted" data-testid="no-cases">
            {texts.noneFound}
          </p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">{cards(pageIds, false, featuredIds.length === 0)}</ul>
        )}
        <PageLinks current={query.page} totalPages={totalPages} hrefOf={(page) => galleryHref({ ...query, page }, { hash: LIST_ANCHOR })} label="案例分頁" />
      </section>

      <Island
        name="case-viewer"
        // A case opened by its address is on screen at once: its viewer (closing, the next photo) is ready with it.
        wake={openCase ? "load" : "touch"}
        component={CaseViewer}
        props={{ query, cases, pictures: withoutPlaceholders(pictures), openCase, closeAnchors, noPhotosText: texts.noPhotos }}
      />
    </div>
  );
}
