// Any unknown /admin/... path, inside the admin layout (so behind its guard).
import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";

export const meta = () => adminMeta("找不到頁面");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

export default function AdminNotFound() {
  return (
    <section className="mx-auto max-w-xl rounded-2xl bg-white p-10 text-center text-gray-900 shadow-sm">
      <SearchX aria-hidden size={48} className="mx-auto text-gray-400" />
      <h1 className="mt-4 text-2xl font-bold">找不到此後台頁面</h1>
      <p className="mt-2 text-gray-600">您要前往的管理頁面不存在，請從左側選單選擇功能。</p>
      <Link
        to="/admin/dashboard"
        className="mt-6 inline-flex items-center rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        返回儀表板
      </Link>
    </section>
  );
}
