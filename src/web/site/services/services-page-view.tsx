// The services page's body (000 §2, §4, §5): the hero with its stat chips,
// the section intro, the category filter (全部服務 plus one per category, as
// links: it works without JavaScript and each filtered list has its own
// address), the cards (each a service of 服務管理 linking to its page) and the
// contact block. The /services route renders it; the pages screen renders it
// with unpublished content for its preview (decision 031).
import type { ResponsivePicture } from "#contract/media.ts";
import type { ServiceEntry, ServicesPageContent } from "#contract/pages.ts";
import type { PublicSettings } from "#contract/settings.ts";
import { telHref } from "#web/ui/contact-links.ts";
import { GuaranteeBadges } from "./guarantee-badges.tsx";
import { ServiceCard } from "./service-card.tsx";
import { iconNamed } from "./service-icons.ts";
import { linkKind, visibleBadges } from "./service-rules.ts";

const ALL = "全部服務";

/** The categories in the order their first service appears. */
function categoriesOf(services: ServiceEntry[]): string[] {
  return [...new Set(services.map((service) => service.category_name?.trim()).filter((name): name is string => Boolean(name)))];
}

export function ServicesPageView({ content, category, pictures, settings }: { content: ServicesPageContent; category: string; pictures: Record<string, ResponsivePicture>; settings: Partial<Pick<PublicSettings, "company_phone" | "company_phone_mobile" | "company_address">> }) {
  const { hero, section, contact, services } = content;
  // The block's own numbers and address, else the company's.
  const phones = contact.phoneNumbers.length > 0 ? contact.phoneNumbers : [settings.company_phone, settings.company_phone_mobile].filter((phone): phone is string => Boolean(phone));
  const address = contact.address || settings.company_address || "";
  const categories = categoriesOf(services);
  const selected = categories.includes(category) ? category : "";
  const shown = selected ? services.filter((service) => service.category_name?.trim() === selected) : services;
  const badges = visibleBadges(section.badges);
  const filterLink = (name: string) => (name === ALL ? "/services#services-list" : `/services?category=${encodeURIComponent(name)}#services-list`);

  return (
    <>
      <section className="bg-gradient-to-br from-primary-50 to-surface-muted">
        <div className="container-site py-14 md:py-20">
          {hero.subtitle ? <p className="font-semibold text-primary-700">{hero.subtitle}</p> : null}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink md:text-4xl">{hero.title}</h1>
          {hero.description ? <p className="mt-4 max-w-2xl text-lg text-ink-muted">{hero.description}</p> : null}
          {hero.stats.length > 0 ? (
            <ul className="mt-8 flex flex-wrap gap-3" aria-label="服務概況">
              {hero.stats.map((stat) => {
                const Icon = iconNamed(stat.icon);
                return (
                  <li key={stat.id} className="flex items-center gap-2 rounded-full bg-card px-4 py-2 shadow-sm ring-1 ring-line">
                    <Icon aria-hidden size={18} className="text-primary-600" />
                    <span className="text-sm text-ink-muted">{stat.label}</span>
                    <span className="font-semibold text-ink">{stat.value}</span>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      </section>

      <section id="services-list" aria-labelledby="services-section-title" className="container-site scroll-mt-24 py-14">
        <h2 id="services-section-title" className="text-2xl font-bold text-ink md:text-3xl">
          {section.title}
        </h2>
        {section.subtitle ? <p className="mt-2 text-lg font-medium text-primary-700">{section.subtitle}</p> : null}
        {section.description ? <p className="mt-3 max-w-3xl text-ink-muted">{section.description}</p> : null}
        <GuaranteeBadges badges={badges} />
        {section.tagline ? <p className="mt-4 font-medium text-ink">{section.tagline}</p> : null}

        {services.length === 0 ? (
          <p className="mt-10 text-ink-muted">目前尚未設定服務內容，請稍後再試。</p>
        ) : (
          <>
            <nav aria-label="服務分類" className="mt-8">
              <ul className="flex flex-wrap gap-2">
                {[ALL, ...categories].map((name) => {
                  const current = name === ALL ? selected === "" : name === selected;
                  return (
                    <li key={name}>
                      <a
                        href={filterLink(name)}
                        aria-current={current ? "page" : undefined}
                        className={`inline-flex min-h-11 items-center rounded-full px-4 font-medium ring-1 ${current ? "bg-primary-600 text-white ring-primary-600" : "bg-card text-ink ring-line hover:bg-primary-50"}`}
                      >
                        {name}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
            {shown.length === 0 ? (
              <p className="mt-10 text-ink-muted">此分類目前沒有服務項目。</p>
            ) : (
              <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="services-grid">
                {shown.map((service) => (
                  <ServiceCard key={service.id} service={service} picture={pictures[service.image]} source="services" />
                ))}
              </div>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="services-contact-title" className="bg-surface-muted" data-testid="services-contact">
        <div className="container-site grid gap-8 py-14 md:grid-cols-[2fr_3fr]">
          <div>
            <h2 id="services-contact-title" className="text-2xl font-bold text-ink">
              {contact.title}
            </h2>
            {contact.subtitle ? <p className="mt-2 text-ink-muted">{contact.subtitle}</p> : null}
            <a
              href={contact.buttonLink || "/contact"}
              {...(linkKind(contact.buttonLink || "") === "external" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="mt-6 inline-flex min-h-12 items-center rounded-theme bg-primary-600 px-6 font-semibold text-white hover:bg-primary-700"
            >
              {contact.buttonText || "線上諮詢"}
            </a>
          </div>
          <dl className="grid gap-6 sm:grid-cols-3">
            {phones.length > 0 ? (
              <div>
                <dt className="font-semibold text-ink">{contact.phoneTitle}</dt>
                {phones.map((phone) => (
                  <dd key={phone}>
                    <a href={telHref(phone)} className="inline-flex min-h-11 items-center text-primary-700 hover:underline">
                      {phone}
                    </a>
                  </dd>
                ))}
              </div>
            ) : null}
            {address ? (
              <div>
                <dt className="font-semibold text-ink">{contact.addressTitle}</dt>
                <dd className="mt-2 text-ink-muted">{address}</dd>
              </div>
            ) : null}
            {contact.hours.length > 0 ? (
              <div>
                <dt className="font-semibold text-ink">{contact.hoursTitle}</dt>
                {contact.hours.map((line) => (
                  <dd key={line} className="mt-2 text-ink-muted">
                    {line}
                  </dd>
                ))}
              </div>
            ) : null}
          </dl>
        </div>
      </section>
    </>
  );
}
