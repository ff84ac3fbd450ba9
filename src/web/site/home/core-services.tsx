// The service home's core-services grid (000 §2): the home services page's
// title, subtitle, description and badges, and one card per service it
// chooses of 服務管理, each linking to the service's page (the same card as
// /services; decision 031).
import type { ResponsivePicture } from "#contract/media.ts";
import type { HomeServicesContent } from "#contract/pages.ts";
import { GuaranteeBadges } from "#web/site/services/guarantee-badges.tsx";
import { ServiceCard } from "#web/site/services/service-card.tsx";
import { visibleBadges } from "#web/site/services/service-rules.ts";

export type CoreServicesData = Pick<HomeServicesContent, "title" | "subtitle" | "description" | "badges" | "services">;

export function CoreServices({ core, pictures }: { core: CoreServicesData; pictures: Record<string, ResponsivePicture> }) {
  const { services } = core;
  const badges = visibleBadges(core.badges);
  if (services.length === 0) return null;
  return (
    <section aria-labelledby="core-services-title" className="container-site py-16 below-fold" data-testid="core-services">
      {core.subtitle ? <p className="font-semibold text-primary-700">{core.subtitle}</p> : null}
      <h2 id="core-services-title" className="mt-1 text-2xl font-bold text-ink md:text-3xl">
        {core.title}
      </h2>
      {core.description ? <p className="mt-3 max-w-3xl text-ink-muted">{core.description}</p> : null}
      <GuaranteeBadges badges={badges} />
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <ServiceCard key={service.id} service={service} picture={pictures[service.image]} source="home" />
        ))}
      </div>
    </section>
  );
}
