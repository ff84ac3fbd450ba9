// The service home's contact-info band (000 §2): every contact detail
// the settings hold, with the spec's service area and business hours when unset.
import { ContactItemEntry } from "#web/site/shell/contact-item-entry.tsx";
import { contactItems } from "#web/site/shell/contact-items.ts";
import { useSiteData } from "#web/ui/site-data.ts";

export function ContactInfoBand() {
  const { settings } = useSiteData();
  const items = contactItems(settings);

  return (
    <section aria-labelledby="contact-info-title" className="bg-surface-muted below-fold" data-testid="contact-info-band">
      <div className="container-site py-14">
        <h2 id="contact-info-title" className="text-2xl font-bold text-ink">
          聯絡資訊
        </h2>
        <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <ContactItemEntry key={item.label} item={item} className="relative rounded-theme bg-card p-4 pl-12 shadow-sm ring-1 ring-line" iconClassName="absolute left-4 top-4.5 text-primary-600" />
          ))}
        </dl>
      </div>
    </section>
  );
}
