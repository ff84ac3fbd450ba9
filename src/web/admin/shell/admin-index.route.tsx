// /admin → /admin/dashboard.
import { redirect } from "react-router";
import { browserLoader } from "#web/admin/shared/browser-screen.tsx";

export const clientLoader = browserLoader(() => {
  throw redirect("/admin/dashboard");
});

export { HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

export default function AdminIndex() {
  return null;
}
