// The service home's call-to-action band (000 §2): a call button when a
// phone number is set, and the configurable button of the home-services content.
import { Phone } from "lucide-react";
import { Link } from "react-router";
import { telHref } from "#web/ui/contact-links.ts";
import { isSitePath } from "./carousel-rules.ts";
import { useSiteData } from "#web/ui/site-data.ts";

export interface CallToAction {
  title: string;
  subtitle: string;
  buttonText: string;
  buttonLink: string;
}

const secondaryButton = "inline-flex min-h-12 items-center rounded-theme border border-white/80 px-6 py-3 font-semibold hover:bg-white/10";

export function CtaBand({ cta }: { cta: CallToAction }) {
  const { settings } = useSiteData();
  return (
    <section aria-labelledby="cta-title" className="bg-primary-800 text-white below-fold" data-testid="cta-band">
      <div className="container-site flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-title" className="text-2xl font-bold">
            {cta.title}
          </h2>
          {cta.subtitle ? <p className="mt-2 text-white/90">{cta.subtitle}</p> : null}
        </div>
        <div className="flex flex-wrap gap-3">
          {settings.company_phone ? (
            <a href={telHref(settings.company_phone)} className="inline-flex min-h-12 items-center gap-2 rounded-theme bg-white px-6 py-3 font-semibold text-primary-800 hover:bg-primary-50">
              <Phone aria-hidden size={18} />
              撥打電話
            </a>
          ) : null}
          {isSitePath(cta.buttonLink) ? (
            <Link to={cta.buttonLink} className={secondaryButton}>
              {cta.buttonText}
            </Link>
          ) : (
            <a href={cta.buttonLink} className={secondaryButton} rel="noopener">
              {cta.buttonText}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
