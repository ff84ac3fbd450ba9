// Screens announced in the sidebar or on the dashboard whose work comes in
// later issues: an honest notice, not a mock-up. One module serves them all
// (routes.ts gives each its own id); the title comes from the path.
import { Construction } from "lucide-react";
import { Link, useLocation, type MetaArgs } from "react-router";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { comingSoonTitle } from "./admin-nav.ts";

export const meta = ({ location }: MetaArgs) => [
  { title: `${comingSoonTitle(location.pathname)} | 後台管理系統` },
  { name: "robots", content: "noindex,nofollow" },
];

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

export default function ComingSoon() {
  const { pathname } = useLocation();
  const title = comingSoonTitle(pathname);
  return (
    <>
      <AdminPageHeader title={title} />
      <section className="rounded-2xl bg-white p-10 text-center text-gray-900 shadow-sm" data-testid="coming-soon">
        <Construction aria-hidden size={48} className="mx-auto text-amber-500" />
        <p className="mt-4 text-lg font-semibold">此功能即將推出</p>
        <p className="mt-2 text-gray-600">「{title}」的管理畫面正在開發中，完成後會出現在這裡。</p>
        <Link
          to="/admin/dashboard"
          className="mt-6 inline-flex items-center rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          返回儀表板
        </Link>
      </section>
    </>
  );
}
