// /portfolio, 清潔案例展示 (000 §2, §4, §5, §8, §9): the case gallery, rendered
// by the server from the portfolios module (active cases only: the featured
// ones, the page of nine that match the keyword and service type, the
// dropdown's options) and made interactive by its island. ?case=<id> renders
// the same list with that case's detail open, and names the case in the
// page's title and preview (a shared link shows the case).
import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { PORTFOLIO_MESSAGES, type Portfolio } from "#contract/portfolios.ts";
import { CtaBand, type CallToAction } from "#web/site/home/cta-band.tsx";
import { PageIntro } from "#web/site/shell/page-intro.tsx";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { siteFromMatches } from "#web/ui/site-data.ts";
import { siteServicesContext } from "#web/site/shell/site-services.ts";
import { caseViewOf, picturePathsOf } from "./case-view.ts";
import { galleryHref, galleryQueryOf, isFiltered } from "./gallery-query.ts";
import { PortfolioGallery, type PortfolioGalleryProps } from "./portfolio-gallery.tsx";

const TITLE = "清潔案例展示";
const DESCRIPTION = "實際完成的清潔案例：施工前後對比照片、服務地點與服務特色。";
/** After the cases, the way to ask for the same (the intro stays short: on a phone the first case is in view). */
const CALL_TO_ACTION: CallToAction = {
  title: "想讓您的空間也煥然一新？",
  subtitle: "告訴我們場地與需求，專人為您規劃清潔方案並提供報價。",
  buttonText: "線上諮詢",
  buttonLink: "/contact?source=portfolio",
};
/** A shared case's description in link previews. */
const SUMMARY_LENGTH = 150;

const uniqueById = (portfolios: Portfolio[]) => [...new Map(portfolios.map((portfolio) => [portfolio.id, portfolio])).values()];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  const { caseId, ...query } = galleryQueryOf(new URL(request.url).searchParams);
  const gallery = await site.portfolios.gallery(query);
  // Featured cases open the unfiltered list; a search or another page is about its own results.
  const featured = isFiltered(query) || query.page > 1 ? [] : gallery.featured;
  const listed = [...featured, ...gallery.portfolios];
  const opened = caseId === null ? null : (listed.find((portfolio) => portfolio.id === caseId) ?? (await site.portfolios.detail(caseId)));
  const cases = uniqueById(opened ? [...listed, opened] : listed).map(caseViewOf);
  const pictures = await site.media.pictures(cases.flatMap(picturePathsOf));
  const props: PortfolioGalleryProps = {
    query,
    serviceTypes: gallery.service_types,
    featuredIds: featured.map((portfolio) => portfolio.id),
    pageIds: gallery.portfolios.map((portfolio) => portfolio.id),
    cases,
    total: gallery.pagination.total,
    totalPages: gallery.pagination.total_pages,
    openCase: opened?.id ?? null,
    pictures,
    texts: { noneFound: PORTFOLIO_MESSAGES.noneFound, noPhotos: PORTFOLIO_MESSAGES.noPhotos },
  };
  const shared = opened ? cases.find((view) => view.id === opened.id)! : null;
  return {
    gallery: props,
    shared: shared ? { id: shared.id, title: shared.title, summary: shared.description.replace(/\s+/g, " ").trim().slice(0, SUMMARY_LENGTH), cover: shared.cover } : null,
  };
}

export const meta = ({ matches, loaderData }: MetaArgs<typeof loader>) => {
  const shared = loaderData?.shared;
  const page = loaderData?.gallery.query.page ?? 1;
  return buildPageMeta(
    siteFromMatches(matches),
    shared
      ? { title: shared.title, description: shared.summary || DESCRIPTION, image: shared.cover || undefined, path: galleryHref({ search: "", category: "", page: 1 }, { caseId: shared.id }) }
      : // A search or a service type is a view of the same list: its canonical address is the list's page.
        { title: TITLE, description: DESCRIPTION, path: galleryHref({ search: "", category: "", page }) },
  );
};

export default function PortfolioPage() {
  const { gallery } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro title={TITLE} lead="每一個案例都是實際完成的清潔工程：施工前後對比、服務地點與服務特色，一目了然。" />
      <PortfolioGallery {...gallery} />
      <CtaBand cta={CALL_TO_ACTION} />
    </>
  );
}
