// The back office is rendered in the browser only. Its sign-in and screens
// arrive with the back-office issue; until then every /admin path says so.
import { Link, type MetaArgs } from "react-router";

export const meta = (_args: MetaArgs) => [{ title: "後台管理系統" }, { name: "robots", content: "noindex,nofollow" }];

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p className="p-8 text-center text-gray-500">載入中...</p>;
}

export default function AdminPlaceholder() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-100 px-6 text-center">
      <h1 className="text-2xl font-bold text-gray-900">後台管理系統</h1>
      <p className="mt-3 text-gray-600">後台登入與管理畫面即將推出。</p>
      <Link to="/" className="mt-6 text-blue-700 underline">
        回到網站首頁
      </Link>
    </main>
  );
}
