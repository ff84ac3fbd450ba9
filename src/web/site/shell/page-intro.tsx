// A page heading band with an optional call to action, shared by the public pages.
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-primary-50 to-surface-muted">
      <div className="container-site py-14 md:py-20">
        <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-ink-muted">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function ContactCallToAction({ text = "聯絡我們", to = "/contact" }: { text?: string; to?: string }) {
  return (
    <Link
      to={to}
      className="mt-8 inline-flex items-center gap-2 rounded-theme bg-primary-600 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-primary-700"
    >
      {text}
      <ArrowRight aria-hidden size={18} />
    </Link>
  );
}
