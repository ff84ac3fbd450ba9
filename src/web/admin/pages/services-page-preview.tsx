// The services page before it is published (decision 031): the public page's
// own component (services-page-view.tsx) drawn with the editor's content and
// the services of 服務管理 as they are now, inside a frame of the chosen width
// (375 px on a phone), so the page's breakpoints act as on a phone. The frame
// holds the public stylesheet and the active theme's colours; no script runs
// in it and its links go nowhere (a preview, not a second site).
import { useMemo, useState } from "react";
import { createPortal } from "react-dom";
import type { ServicesPageRecord } from "#contract/pages.ts";
import { cardsOf } from "#contract/service-cards.ts";
import siteStylesheet from "#web/site/shell/site.css?inline";
import { ServicesPageView } from "#web/site/services/services-page-view.tsx";
import { useSiteData } from "#web/ui/site-data.ts";
import { useServiceCards } from "./service-chooser.tsx";

/** A style block may not be closed by what it holds. */
const styleText = (css: string) => css.replace(/<\/style/gi, "<\\/style");

export function ServicesPagePreview({ content }: { content: ServicesPageRecord }) {
  const cards = useServiceCards();
  const { settings, themeCss } = useSiteData();
  const [body, setBody] = useState<HTMLElement | null>(null);
  const page = useMemo(() => ({ ...content, services: cardsOf(cards.data ?? [], content.services) }), [content, cards.data]);
  const frame = useMemo(
    () =>
      `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><base target="_blank"><style>${styleText(siteStylesheet)}</style><style>${styleText(themeCss)}</style></head><body></body></html>`,
    [themeCss],
  );
  return (
    <>
      <iframe
        title="服務項目頁面預覽（尚未發布的內容）"
        srcDoc={frame}
        sandbox="allow-same-origin"
        onLoad={(event) => setBody(event.currentTarget.contentDocument?.body ?? null)}
        className="h-full min-h-96 w-full"
        data-testid="services-page-preview"
      />
      {body ? createPortal(<ServicesPageView content={page} category="" pictures={{}} settings={settings} />, body) : null}
    </>
  );
}
