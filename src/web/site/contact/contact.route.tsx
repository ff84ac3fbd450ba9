// /contact (000 §2, §4, §5, §8, §9): the ways to reach the company, the
// consultation form and, with an address, the map (#map). The form works
// without JavaScript: it posts here, the action keeps the message through the
// contacts service and answers with a redirect to the thank-you panel (so a
// reload never sends twice), or with the form and its errors. The page is not
// kept in the page cache: the form carries the time it was rendered.
import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { prefillFromQuery, type ContactFormOutcome } from "#contract/contact-form.ts";
import { Island } from "#web/site/islands/island.tsx";
import { NOT_CACHED, passLoaderHeaders } from "#web/site/shell/page-headers.ts";
import { PageIntro } from "#web/site/shell/page-intro.tsx";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { siteFromMatches, useSiteData } from "#web/ui/site-data.ts";
import { requestMetaContext, siteServicesContext } from "#web/site/shell/site-services.ts";
import { ContactDetails } from "./contact-details.tsx";
import { ContactForm } from "./contact-form.tsx";
import { emptyValues, valuesFrom, type ContactValues } from "./contact-form-fields.ts";
import { ContactMap } from "./contact-map.tsx";

export const meta = ({ matches }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), {
    title: "聯絡我們",
    description: "線上諮詢與聯絡方式：電話、Email、地址與服務時間。",
    path: "/contact",
  });

export function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const prefill = prefillFromQuery({ service: query.get("service"), message: query.get("message") });
  return data(
    {
      initial: { ...emptyValues(), ...prefill } satisfies ContactValues,
      source: (query.get("source") ?? "").slice(0, 100),
      sent: query.get("sent") === "1",
      renderedAt: Date.now(),
    },
    NOT_CACHED,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const posted = Object.fromEntries(await request.formData());
  const outcome = await context.get(siteServicesContext).contacts.submitForm(posted, context.get(requestMetaContext));
  if (outcome.sent) return redirect("/contact?sent=1#contact-form", 303);
  return data({ outcome, values: valuesFrom(posted) }, { status: outcome.status, ...NOT_CACHED });
}

export const headers = passLoaderHeaders;

export default function Contact() {
  const { settings } = useSiteData();
  const { initial, source, sent, renderedAt } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const outcome: ContactFormOutcome | undefined = refused?.outcome ?? (sent ? { sent: true } : undefined);
  const address = settings.company_address ?? "";
  return (
    <>
      <PageIntro title="聯絡我們" lead="歡迎來電或來信，也可以填寫線上諮詢表單，我們將盡快回覆您。" />
      <div className="container-site grid gap-10 py-12 lg:grid-cols-[2fr_3fr]">
        <ContactDetails />
        <section id="contact-form" aria-labelledby="contact-form-title" className="scroll-mt-24">
          <h2 id="contact-form-title" className="mb-6 text-2xl font-bold text-ink">
            線上諮詢
          </h2>
          <Island name="contact-form" wake="touch" component={ContactForm} props={{ initial: refused?.values ?? initial, source, renderedAt, outcome }} />
        </section>
      </div>
      {address ? (
        <section id="map" aria-labelledby="map-title" className="container-site scroll-mt-24 pb-14">
          <h2 id="map-title" className="text-2xl font-bold text-ink">
            公司位置
          </h2>
          <p className="mt-2 text-ink-muted">{address}</p>
          <Island name="contact-map" wake="touch" component={ContactMap} props={{ address }} />
        </section>
      ) : null}
    </>
  );
}
