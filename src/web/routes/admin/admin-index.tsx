// /admin → /admin/dashboard.
import { redirect } from "react-router";
import { AdminLoading } from "#web/components/admin/admin-loading.tsx";

export async function clientLoader() {
  throw redirect("/admin/dashboard");
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminIndex() {
  return null;
}
