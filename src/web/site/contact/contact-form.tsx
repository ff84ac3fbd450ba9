// The online consultation form (000 §2 /contact, §4, §5, §8). One component for
// both ways it works: rendered by the server as a plain form that posts to
// /contact (the page's action answers, no JavaScript needed), and hydrated as an
// island that sends JSON to /api.php/contact, shows 傳送中... and then the
// thank-you panel. Either way the server checks the fields (contract/contact.ts)
// and its messages show beside them; the island carries no copy of the rules.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CONTACT_LIMITS, CONTACT_MESSAGES, type ContactFormOutcome } from "#contract/contact-form.ts";
import { FORM_FIELDS, type ContactFieldName, type ContactValues } from "./contact-form-fields.ts";

export interface ContactFormProps {
  /** The first values: the query's prefill (000 §5), or what a refused post sent. */
  initial: ContactValues;
  source: string;
  /** When the server rendered the form (ms since 1970): the minimum fill time is counted from it. */
  renderedAt: number;
  /** What a post without JavaScript came back with. */
  outcome?: ContactFormOutcome;
}

type Phase = "editing" | "sending" | "sent";

/** The server's field errors that belong to a field on screen. */
const visibleErrors = (errors: Record<string, string> | undefined): Partial<Record<ContactFieldName, string>> =>
  Object.fromEntries(Object.entries(errors ?? {}).filter(([name]) => FORM_FIELDS.some((field) => field.name === name)));

const inputClass =
  "mt-1 block w-full rounded-theme border border-line bg-card px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-ink-muted focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/40 aria-[invalid=true]:border-danger";

export function ContactForm({ initial, source, renderedAt, outcome }: ContactFormProps) {
  const [phase, setPhase] = useState<Phase>(outcome?.sent ? "sent" : "editing");
  const [values, setValues] = useState<ContactValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<ContactFieldName, string>>>(outcome && !outcome.sent ? outcome.errors : {});
  const [alert, setAlert] = useState(outcome && !outcome.sent && Object.keys(outcome.errors).length === 0 ? outcome.message : "");
  // Once hydrated, the server's messages show beside the fields instead of the browser's bubbles.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  // The thanks take the focus when this visit sent the form (screen readers hear it), not when a page opens on them.
  const justSent = useRef(false);
  useEffect(() => {
    if (phase === "sent" && justSent.current) {
      justSent.current = false;
      thanksRef.current?.focus();
    }
  }, [phase]);

  const focusField = (name: string) => {
    const field = formRef.current?.elements.namedItem(name);
    if (field instanceof HTMLElement) {
      field.scrollIntoView({ block: "center", behavior: "smooth" });
      field.focus({ preventScroll: true });
    }
  };

  function refuse(fieldErrors: Partial<Record<ContactFieldName, string>>, message: string) {
    setErrors(fieldErrors);
    setAlert(Object.keys(fieldErrors).length > 0 ? "" : message);
    const first = FORM_FIELDS.find((field) => fieldErrors[field.name]);
    if (first) focusField(first.name);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase === "sending") return;
    const website = (formRef.current?.elements.namedItem("website") as HTMLInputElement | null)?.value ?? "";
    const payload = { ...values, source, website, rendered_at: renderedAt };
    setPhase("sending");
    setAlert("");
    try {
      const response = await fetch("/api.php/contact", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(payload),
      });
      const answer = (await response.json().catch(() => null)) as { success?: boolean; message?: string; errors?: Record<string, string> } | null;
      if (response.ok && answer?.success) {
        justSent.current = true;
        setPhase("sent");
        setErrors({});
        return;
      }
      setPhase("editing");
      refuse(visibleErrors(answer?.errors), answer?.message || CONTACT_MESSAGES.failed);
    } catch {
      setPhase("editing");
      refuse({}, CONTACT_MESSAGES.offline);
    }
  }

  function startOver(event: React.MouseEvent<HTMLAnchorElement>) {
    // With JavaScript the form comes back in place; without it the link loads an empty form.
    event.preventDefault();
    // Another message from the same visitor: their own details stay.
    setValues((current) => ({ ...current, subject: "", message: "" }));
    setErrors({});
    setAlert("");
    setPhase("editing");
    requestAnimationFrame(() => focusField("subject"));
  }

  if (phase === "sent") {
    return (
      <div ref={thanksRef} tabIndex={-1} role="status" className="rounded-theme bg-success-surface p-8 text-center ring-1 ring-success/25 focus:outline-none" data-testid="contact-thanks">
        <p className="text-xl font-bold text-success">{CONTACT_MESSAGES.sent}</p>
        <a href="/contact#contact-form" onClick={startOver} className="mt-6 inline-flex min-h-11 items-center rounded-theme px-5 font-semibold text-primary-700 ring-1 ring-primary-300 hover:bg-primary-50">
          再寫一封
        </a>
      </div>
    );
  }

  const sending = phase === "sending";
  return (
    <form ref={formRef} method="post" action="/contact#contact-form" onSubmit={send} noValidate={hydrated} className="space-y-5" aria-describedby={alert ? "contact-form-alert" : undefined}>
      {alert ? (
        <p id="contact-form-alert" role="alert" className="rounded-theme bg-danger-surface p-3 text-danger ring-1 ring-danger/25">
          {alert}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {FORM_FIELDS.map((field) => {
          const error = errors[field.name];
          const describedBy = error ? `contact-${field.name}-error` : undefined;
          const common = {
            id: `contact-${field.name}`,
            name: field.name,
            required: field.required,
            maxLength: CONTACT_LIMITS[field.name],
            value: values[field.name],
            onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((current) => ({ ...current, [field.name]: event.target.value })),
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy,
            className: inputClass,
          };
          return (
            <div key={field.name} className={field.wide ? "sm:col-span-2" : undefined}>
              <label htmlFor={common.id} className="block font-medium text-ink">
                {field.label}
                {field.required ? (
                  <span className="ml-1 text-danger" aria-hidden>
                    *
                  </span>
                ) : (
                  <span className="ml-1 text-sm font-normal text-ink-muted">（選填）</span>
                )}
              </label>
              {field.name === "message" ? (
                <textarea {...common} rows={6} placeholder="請詳細描述您的需求..." />
              ) : (
                <input {...common} type={field.type} autoComplete={field.autoComplete} inputMode={field.type === "tel" ? "tel" : undefined} />
              )}
              {error ? (
                <p id={describedBy} className="mt-1 text-sm text-danger">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {/* People never see this field; robots that fill every field do (anti-spam, the server discards such messages). */}
      <div hidden>
        <label htmlFor="contact-website">請勿填寫此欄位</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="rendered_at" value={renderedAt} />
      <input type="hidden" name="source" value={source} />
      <button
        type="submit"
        disabled={sending}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-theme bg-primary-600 px-8 font-semibold text-white shadow-sm transition-colors hover:bg-primary-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        {sending ? "傳送中..." : "送出諮詢"}
      </button>
    </form>
  );
}
