// Any unknown public path: a real 404 inside the site layout.
import { Link, data, type MetaArgs } from "react-router";
import { siteFromMatches } from "#web/ui/site-data.ts";
import { buildPageMeta } from "./seo.ts";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta = ({ matches, location }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), { title: "找不到頁面", path: location.pathname, noindex: true });

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <section className="container-site py-24 text-center">
      <p className="text-6xl font-bold text-primary-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-ink">找不到頁面</h1>
      <p className="mt-3 text-ink-muted">您要找的頁面不存在或已移除。</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-theme bg-primary-600 px-5 py-2.5 font-semibold text-white hover:bg-primary-700">
          回到首頁
        </Link>
        <Link to="/contact" className="rounded-theme border border-line px-5 py-2.5 font-semibold text-ink hover:bg-surface-muted">
          聯絡我們
        </Link>
      </div>
    </section>
  );
}
