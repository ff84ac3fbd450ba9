// The contact page's information panel (000 §2 /contact): the same details as
// the home page's band, as a list beside the form.
import { ContactItemEntry } from "#web/site/shell/contact-item-entry.tsx";
import { contactItems } from "#web/site/shell/contact-items.ts";
import { useSiteData } from "#web/ui/site-data.ts";
import { SocialLinks } from "#web/ui/social-links.tsx";

export function ContactDetails() {
  const { settings } = useSiteData();
  return (
    <section aria-labelledby="contact-details-title" className="rounded-theme bg-surface-muted p-6 ring-1 ring-line" data-testid="contact-details">
      <h2 id="contact-details-title" className="text-2xl font-bold text-ink">
        聯絡資訊
      </h2>
      {settings.company_name ? <p className="mt-2 text-ink-muted">{settings.company_name}</p> : null}
      <dl className="mt-6 space-y-4">
        {contactItems(settings, { taxId: false }).map((item) => (
          <ContactItemEntry key={item.label} item={item} className="relative pl-9" iconClassName="absolute left-0 top-0.5 text-primary-600" />
        ))}
      </dl>
      <SocialLinks settings={settings} className="mt-6 border-t border-line pt-4" linkClassName="bg-card text-ink ring-1 ring-line hover:bg-primary-50 hover:text-primary-700" />
    </section>
  );
}
