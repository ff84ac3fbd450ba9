// Back-office screens render in the browser only: the server sends the page
// shell with the fallback below and the browser takes over. React Router wants
// every route module to export its own clientLoader (with hydrate = true, so it
// runs on the first load too) and HydrateFallback; these are the shared ones.
import type { LinksFunction, MetaDescriptor } from "react-router";
import adminStylesheet from "#web/admin/shell/admin.css?url";
import type { RouteHandle } from "#web/route-handle.ts";
import { AdminLoading } from "./admin-loading.tsx";

/** For the back office's top routes (the layout and the sign-in): a browser app, with its own stylesheet. */
export const handle: RouteHandle = { hydrate: true };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

/** A client loader that also runs on the first load; `load` may throw a redirect. */
export function browserLoader<T>(load: () => T | Promise<T>) {
  const clientLoader = async () => load();
  return Object.assign(clientLoader, { hydrate: true as const });
}

/** Screens that fetch their data with TanStack Query have nothing to wait for. */
export const clientLoader = browserLoader(() => null);

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The tab title of a back-office screen; search engines are told to keep out. */
export function adminMeta(title?: string): MetaDescriptor[] {
  return [{ title: title ? `${title} | 後台管理系統` : "後台管理系統" }, { name: "robots", content: "noindex,nofollow" }];
}
