// Links built from contact settings, shared by the header, footer, home bands and floating buttons.

/** A dialable tel: link from a phone number as people write it ("02-2345-6789 #12" keeps digits and +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
