// /services/{serviceId} (000 §2, §4, §5, §8): breadcrumb, back link, main
// image, category badge, name, description, 服務特色, 實績亮點, 服務案例 images,
// the price box, the service area, a book button carrying the service into
// /contact and a call link. An unknown or inactive item is a real 404 with the
// spec's texts; when the services cannot be read the services module answers
// from the built-in catalogue (and the page is not kept in the cache).
import { ArrowLeft, CalendarCheck, MapPin, Phone } from "lucide-react";
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { priceChip, SERVICE_MESSAGES, type ServiceDetail } from "#contract/services.ts";
import { defaultSettings } from "#contract/settings.ts";
import { telHref } from "#web/ui/contact-links.ts";
import { jsonLdText } from "#web/site/shell/local-business.ts";
import { ResponsiveImage } from "#web/site/shell/responsive-image.tsx";
import { NOT_CACHED, passLoaderHeaders } from "#web/site/shell/page-headers.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { siteFromMatches, useSiteData } from "#web/ui/site-data.ts";
import { siteServicesContext } from "#web/site/shell/site-services.ts";
import { readableQueryPart } from "./service-rules.ts";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  const { service, fallback } = await site.services.detail(params.serviceId);
  // A page made from the built-in catalogue (the database did not answer) is not kept: the next visitor gets a fresh try.
  if (!service) throw data(null, { status: 404, ...(fallback ? NOT_CACHED : {}) });
  const pictures = fallback ? {} : await site.media.pictures([service.main_image, ...service.images.map((image) => image.image_path)].filter(Boolean));
  return fallback ? data({ service, pictures }, NOT_CACHED) : { service, pictures };
}

export const headers = passLoaderHeaders;

export const meta = ({ matches, location, loaderData: loaded }: MetaArgs<typeof loader>) => {
  const service = (loaded as { service?: ServiceDetail } | undefined)?.service;
  if (!service) return buildPageMeta(siteFromMatches(matches), { title: SERVICE_MESSAGES.itemNotFound, path: location.pathname, noindex: true });
  return buildPageMeta(siteFromMatches(matches), { title: service.name, description: service.description.slice(0, 150), path: location.pathname, image: service.main_image || undefined });
};

export default function ServiceDetailPage() {
  const { service, pictures } = useLoaderData<typeof loader>();
  const { settings, origin } = useSiteData();
  const chip = priceChip(service.price, service.price_unit);
  const phone = settings.company_phone || settings.contact_phone || "";
  const area = settings.service_area || defaultSettings.service_area;
  const bookHref = `/contact?service=${readableQueryPart(service.name)}&source=${readableQueryPart(`services/${service.id}`)}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    description: service.description,
    serviceType: service.category_name || undefined,
    areaServed: area,
    url: `${origin}/services/${service.id}`,
    ...(service.main_image ? { image: service.main_image.startsWith("/") ? `${origin}${service.main_image}` : service.main_image } : {}),
    provider: { "@type": "LocalBusiness", name: settings.company_name || undefined, telephone: phone || undefined },
    ...(service.price !== null && service.price > 0 ? { offers: { "@type": "Offer", price: service.price, priceCurrency: "TWD" } } : {}),
  };

  return (
    <article className="container-site py-10 md:py-14" data-testid="service-detail">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jsonLd) }} />
      <nav aria-label="麵包屑" className="text-sm text-ink-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="inline-flex min-h-11 min-w-11 items-center justify-center hover:text-primary-700 hover:underline">
              首頁
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link to="/services" className="inline-flex min-h-11 min-w-11 items-center justify-center hover:text-primary-700 hover:underline">
              服務項目
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page" className="text-ink">
            {service.name}
          </li>
        </ol>
      </nav>
      <Link to="/services" className="mt-2 inline-flex min-h-11 items-center gap-1 font-medium text-primary-700 hover:underline">
        <ArrowLeft aria-hidden size={16} />
        返回服務列表
      </Link>

      <div className="mt-6 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <div>
          {service.main_image ? (
            <ResponsiveImage src={service.main_image} picture={pictures[service.main_image]} alt={service.name} sizes="(min-width: 1024px) 720px, 100vw" width={1200} height={675} className="aspect-video w-full rounded-theme object-cover shadow-sm" priority />
          ) : null}
          {service.category_name ? <p className="mt-6 inline-block rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800">{service.category_name}</p> : null}
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink md:text-4xl">{service.name}</h1>
          {service.description ? <p className="mt-4 whitespace-pre-line text-lg leading-relaxed text-ink-muted">{service.description}</p> : null}

          {service.features.length > 0 ? (
            <section aria-labelledby="features-title" className="mt-10">
              <h2 id="features-title" className="text-xl font-bold text-ink">
                服務特色
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {service.features.map((feature) => (
                  <li key={feature} className="rounded-theme bg-surface-muted px-4 py-3 text-ink ring-1 ring-line">
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {service.references.length > 0 ? (
            <section aria-labelledby="references-title" className="mt-10">
              <h2 id="references-title" className="text-xl font-bold text-ink">
                實績亮點
              </h2>
              <ul className="mt-4 list-disc space-y-2 pl-6 text-ink">
                {service.references.map((reference) => (
                  <li key={reference}>{reference}</li>
                ))}
              </ul>
            </section>
          ) : null}

          {service.images.length > 0 ? (
            <section aria-labelledby="cases-title" className="mt-10">
              <h2 id="cases-title" className="text-xl font-bold text-ink">
                服務案例
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {service.images.map((image) => (
                  <li key={image.id}>
                    <figure>
                      <ResponsiveImage src={image.image_path} picture={pictures[image.image_path]} alt={image.title || `${service.name}案例照片`} sizes="(min-width: 640px) 360px, 100vw" width={800} height={600} className="aspect-[4/3] w-full rounded-theme object-cover" />
                      {image.title || image.description ? (
                        <figcaption className="mt-2 text-sm text-ink-muted">
                          {image.title ? <strong className="text-ink">{image.title}</strong> : null} {image.description}
                        </figcaption>
                      ) : null}
                    </figure>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <aside aria-label="預約與價格" className="h-fit space-y-5 rounded-theme bg-card p-6 shadow-sm ring-1 ring-line lg:sticky lg:top-24">
          <div>
            <h2 className="text-sm font-medium text-ink-muted">參考價格</h2>
            <p className="mt-1 text-2xl font-bold text-ink" data-testid="service-price">
              {chip ?? "依現場評估報價"}
            </p>
          </div>
          <p className="flex items-start gap-2 text-ink">
            <MapPin aria-hidden size={20} className="mt-0.5 shrink-0 text-primary-600" />
            <span>
              <span className="sr-only">服務地區：</span>
              {area}
            </span>
          </p>
          <a href={bookHref} className="flex min-h-12 items-center justify-center gap-2 rounded-theme bg-primary-600 px-6 font-semibold text-white shadow-sm hover:bg-primary-700">
            <CalendarCheck aria-hidden size={20} />
            立即預約
          </a>
          {phone ? (
            <a href={telHref(phone)} className="flex min-h-12 items-center justify-center gap-2 rounded-theme px-6 font-semibold text-primary-700 ring-1 ring-primary-300 hover:bg-primary-50">
              <Phone aria-hidden size={20} />
              來電洽詢 {phone}
            </a>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

/** 服務項目不存在 (000 §8), with the page's own 404 status. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-site py-24 text-center">
      <h1 className="text-2xl font-bold text-ink">{missing ? SERVICE_MESSAGES.itemNotFound : "頁面暫時無法顯示"}</h1>
      <p className="mt-3 text-ink-muted">{missing ? SERVICE_MESSAGES.itemNotFoundDetail : "請稍後再試，或與我們聯絡。"}</p>
      <Link to="/services" className="mt-8 inline-flex min-h-11 items-center gap-1 rounded-theme bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700">
        <ArrowLeft aria-hidden size={16} />
        返回服務列表
      </Link>
    </section>
  );
}
