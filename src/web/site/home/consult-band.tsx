// The consultation band of a layout other than service (000 §1): a call to
// action to /contact, shown when the staff's own call to action cannot be read.
import { Link } from "react-router";

export function ConsultBand() {
  return (
    <section aria-labelledby="corporate-cta-title" className="bg-surface-muted below-fold">
      <div className="container-site flex flex-col items-start gap-6 py-16 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="corporate-cta-title" className="text-2xl font-bold text-ink">
            需要我們的協助嗎？
          </h2>
          <p className="mt-2 text-ink-muted">留下您的需求，我們將盡快與您聯繫。</p>
        </div>
        <Link to="/contact" className="inline-flex min-h-12 items-center rounded-theme bg-primary-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-primary-800">
          立即諮詢
        </Link>
      </div>
    </section>
  );
}
