// Links built from contact settings, shared by the header, footer, home bands, floating buttons and built pages.
import type { SiteLinks } from "#contract/page-builder/link-target.ts";
import type { PublicSettings } from "#contract/settings.ts";

/** A dialable tel: link from a phone number as people write it ("02-2345-6789 #12" keeps digits and +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The company's phone as the site dials it: the company's number, else the contact person's (as the floating button). */
export const sitePhoneOf = (settings: Partial<PublicSettings>) => settings.company_phone || settings.contact_phone || "";

/** Where a built page's 撥打電話 and 加入 LINE buttons go, from the settings as they are now; "" for one not set. */
export function siteLinksOf(settings: Partial<PublicSettings>): SiteLinks {
  const phone = sitePhoneOf(settings);
  return { tel: phone ? telHref(phone) : "", line: settings.line_add_friend_url ?? "" };
}
