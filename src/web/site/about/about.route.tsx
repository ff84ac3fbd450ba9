// /about (000 §2, §5): the about_company page, built with the page builder or
// written as rich text, sanitised on the server with an allow-list
// (server/lib/staff-html.ts), or the default content when the page is absent,
// a draft or empty. Its SEO fields, when set, name the page.
import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { ContentPageBody, contentMedia } from "#web/site/pages/built-page-content.tsx";
import { ContactCallToAction, PageIntro } from "#web/site/shell/page-intro.tsx";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { siteFromMatches } from "#web/ui/site-data.ts";
import { siteServicesContext } from "#web/site/shell/site-services.ts";

const DEFAULT_DESCRIPTION = "認識我們的清潔維護團隊：服務基隆、台北、新北地區的住家、社區大樓與企業。";

export async function loader({ context }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  const about = await site.pages.about();
  return { about, ...(await contentMedia(site.media, about)) };
}

export const meta = ({ matches, location, loaderData }: MetaArgs<typeof loader>) =>
  buildPageMeta(siteFromMatches(matches), {
    title: loaderData?.about.meta_title || loaderData?.about.title || "關於我們",
    description: loaderData?.about.meta_description || DEFAULT_DESCRIPTION,
    keywords: loaderData?.about.meta_keywords,
    path: location.pathname,
  });

export default function About() {
  const { about, pictures, videos } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro title={about.title} lead="深耕基隆、台北與新北的專業清潔維護團隊。" />
      <ContentPageBody page={about} pictures={pictures} videos={videos} testId="about-content">
        <ContactCallToAction text="與我們聯絡" />
      </ContentPageBody>
    </>
  );
}
