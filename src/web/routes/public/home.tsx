import type { MetaArgs } from "react-router";
import { isServiceLayout } from "#contract/theme.ts";
import { CorporateHome } from "#web/components/site/home/corporate-home.tsx";
import { ServiceHome } from "#web/components/site/home/service-home.tsx";
import { siteFromMatches, useSiteData } from "#web/lib/site-data.ts";
import { buildPageMeta } from "#web/lib/seo.ts";

export const meta = ({ matches }: MetaArgs) => buildPageMeta(siteFromMatches(matches), { path: "/" });

/** The service layout gets the service home; every other layout type the corporate home. */
export default function Home() {
  const { theme } = useSiteData();
  return isServiceLayout(theme) ? <ServiceHome /> : <CorporateHome />;
}
