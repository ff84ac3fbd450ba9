// /services (000 §2, §4, §5, §8), drawn by services-page-view.tsx. Content:
// the services page, else the home services' choice, else the built-in
// defaults (modules/pages); its cards are the services of 服務管理 (decision 031).
import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { siteFromMatches, useSiteData } from "#web/ui/site-data.ts";
import { siteServicesContext } from "#web/site/shell/site-services.ts";
import { passLoaderHeaders } from "#web/site/shell/page-headers.ts";
import { ServicesPageView } from "./services-page-view.tsx";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  const content = await site.pages.servicesPage();
  const pictures = await site.media.pictures(content.services.map((service) => service.image).filter(Boolean));
  const category = new URL(request.url).searchParams.get("category")?.trim() ?? "";
  return { content, category, pictures };
}

export const headers = passLoaderHeaders;

export const meta = ({ matches, location, loaderData }: MetaArgs<typeof loader>) =>
  buildPageMeta(siteFromMatches(matches), {
    title: "服務項目",
    description: loaderData?.content.hero.description || "水塔清洗、地板打蠟、石材晶化、駐點清潔、高空外牆與病媒防治等專業清潔維護服務。",
    path: location.pathname,
  });

export default function Services() {
  const { content, category, pictures } = useLoaderData<typeof loader>();
  const { settings } = useSiteData();
  return <ServicesPageView content={content} category={category} pictures={pictures} settings={settings} />;
}

