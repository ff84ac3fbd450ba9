// The service home's contact-info band (000 §2): every contact detail
// the settings hold, with the spec's service area and business hours when unset.
import { contactItems } from "#web/site/shell/contact-items.ts";
import { useSiteData } from "#web/site/shell/site-data.ts";

export function ContactInfoBand() {
  const { settings } = useSiteData();
  const items = contactItems(settings);

  return (
    <section aria-labelledby="contact-info-title" className="bg-surface-muted" data-testid="contact-info-band">
      <div className="container-site py-14">
        <h2 id="contact-info-title" className="text-2xl font-bold text-ink">
          聯絡資訊
        </h2>
        <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            // One div per term (the only wrapper a <dl> allows); the icon belongs to the term.
            <div key={item.label} className="relative rounded-theme bg-card p-4 pl-12 shadow-sm ring-1 ring-line">
              <dt className="text-sm text-ink-muted">
                <item.icon aria-hidden className="absolute left-4 top-4.5 text-primary-600" size={20} />
                {item.label}
              </dt>
              <dd className="font-medium text-ink">
                {item.href ? (
                  // A 44 px tap target (WCAG 2.5.5) that takes no more room than a line of text.
                  <a href={item.href} className="-my-2.5 inline-flex min-h-11 items-center hover:text-primary-700 hover:underline">
                    {item.value}
                  </a>
                ) : (
                  item.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
