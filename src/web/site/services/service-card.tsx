// One service as a card (000 §2): image, badge, price chip, icon, name,
// description, the first four features then 還有 N 項服務亮點..., a link to the
// service's own page (every card is a service of 服務管理), and a contact button carrying the service into
// /contact. Shared by /services and the home page's core-services grid; twelve
// of them sit under the home page's hero, so the markup stays lean (a CSS check
// mark instead of an icon per feature: the home page's largest picture shares
// the phone's bandwidth with this HTML).
import type { ResponsivePicture } from "#contract/media.ts";
import type { ServiceEntry } from "#contract/pages.ts";
import { ResponsiveImage } from "#web/site/shell/responsive-image.tsx";
import { iconNamed } from "./service-icons.ts";
import { buttonHref, cardFeatures, cardPrice, linkKind } from "./service-rules.ts";

export function ServiceCard({ service, picture, source, headingLevel = 3 }: { service: ServiceEntry; picture?: ResponsivePicture; source: string; headingLevel?: 2 | 3 }) {
  const Icon = iconNamed(service.icon);
  const chip = cardPrice(service.price, service.price_unit);
  const features = cardFeatures(service.features);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const buttonText = service.button?.text?.trim() || "立即諮詢";
  const href = buttonHref(service.button?.link ?? "", service, source);
  const external = linkKind(href) === "external";
  return (
    <article className="render-near flex flex-col overflow-hidden rounded-theme bg-card shadow-sm ring-1 ring-line" data-testid="service-card">
      {service.image ? (
        <ResponsiveImage src={service.image} picture={picture} alt="" sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" width={640} height={360} className="aspect-video w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-start justify-between gap-3">
          <span className={`inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-theme ${service.iconBg || "bg-primary-100"}`}>
            <Icon aria-hidden size={24} className={service.iconColor || "text-primary-600"} />
          </span>
          <div className="flex flex-wrap justify-end gap-2">
            {service.badge ? <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">{service.badge}</span> : null}
            {chip ? (
              <span className="rounded-full bg-primary-50 px-2.5 py-1 text-xs font-semibold text-primary-800" data-testid="price-chip">
                {chip}
              </span>
            ) : null}
          </div>
        </div>
        <Heading className="mt-4 text-xl font-bold text-ink">{service.title}</Heading>
        {service.description ? <p className="mt-2 text-ink-muted">{service.description}</p> : null}
        {features.shown.length > 0 ? (
          <ul className="check-list mt-4 space-y-1.5 text-sm text-ink">
            {features.shown.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ) : null}
        {features.more > 0 ? <p className="mt-2 text-sm text-ink-muted">還有 {features.more} 項服務亮點...</p> : null}
        <div className="mt-auto flex flex-wrap gap-3 pt-6">
          <a href={`/services/${service.id}`} className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary-700 hover:underline">
            了解詳情<span aria-hidden> →</span><span className="sr-only">：{service.title}</span>
          </a>
          <a
            href={href}
            {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-theme bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700"
          >
            {buttonText}
            <span className="sr-only">：{service.title}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
