// /{page_key} (002 §2.7): a published free page, built with the page builder
// or written as rich text, with its own SEO title, description and keywords.
// A draft, an unknown key or a built-in page's key is the site's 404 page,
// answered 404.
import { data, isRouteErrorResponse, useLoaderData, useRouteError, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { publicPathOf } from "#contract/pages.ts";
import { PageIntro } from "#web/site/shell/page-intro.tsx";
import { ErrorBoundary as NotFoundPage, meta as notFoundMeta } from "#web/site/shell/not-found.route.tsx";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { siteServicesContext } from "#web/site/shell/site-services.ts";
import { siteFromMatches } from "#web/ui/site-data.ts";
import { ContentPageBody, contentMedia } from "./built-page-content.tsx";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  const page = await site.pages.freePage(params.pageKey ?? "");
  if (!page) throw data(null, { status: 404 });
  return { page, ...(await contentMedia(site.media, page)) };
}

export const meta = (args: MetaArgs<typeof loader>) => {
  const page = args.loaderData?.page;
  if (!page) return notFoundMeta(args);
  return buildPageMeta(siteFromMatches(args.matches), {
    title: page.meta_title || page.title,
    description: page.meta_description,
    keywords: page.meta_keywords,
    // Percent-encoded: a Chinese address (/年終大掃除) is a valid canonical URL as the browser sends it.
    path: publicPathOf(page.page_key),
  });
};

export default function FreePage() {
  const { page, pictures, videos } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro title={page.title} />
      <ContentPageBody page={page} pictures={pictures} videos={videos} testId="page-content" />
    </>
  );
}

/** The site's 404 page, as any unknown path gets it; any other failure goes on to the site's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
