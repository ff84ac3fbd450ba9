// Google's tag (gtag.js) for the measurement id in the settings
// (google_analytics), on public pages only: the back office never renders the
// site's layout. It must not cost the page its speed, so a small inline script
// of ours fetches gtag.js once the page has loaded and the browser is idle.
// The page's Content-Security-Policy lets Google's origins in only when this
// script is on the page (src/server/ssr/content-security-policy.ts reads its
// data-google-tag mark). Decision 028.
import { GA_MEASUREMENT_ID } from "#contract/settings.ts";
import { useStaticPageAssets } from "./static-page.tsx";

export const GOOGLE_TAG_ORIGIN = "https://www.googletagmanager.com";

/** The inline loader: the dataLayer queue at once (so events are not lost), gtag.js on `load` + idle. */
export function googleTagLoader(id: string): string {
  return `(function(){var id=${JSON.stringify(id)};window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};gtag("js",new Date());gtag("config",id);function load(){var s=document.createElement("script");s.async=true;s.src="${GOOGLE_TAG_ORIGIN}/gtag/js?id="+encodeURIComponent(id);document.head.appendChild(s)}function idle(){"requestIdleCallback" in window?requestIdleCallback(load,{timeout:4000}):setTimeout(load,200)}document.readyState==="complete"?idle():addEventListener("load",idle,{once:true})})()`;
}

export function GoogleAnalytics({ id }: { id: string | undefined }) {
  const mark = useStaticPageAssets()?.scriptMark;
  const measurementId = id?.trim() ?? "";
  // A value that is not a measurement id (stored before the rule, say) loads nothing.
  if (!mark || !GA_MEASUREMENT_ID.test(measurementId)) return null;
  return <script nonce={mark} data-google-tag="" dangerouslySetInnerHTML={{ __html: googleTagLoader(measurementId) }} />;
}
