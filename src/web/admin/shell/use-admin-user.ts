// The signed-in administrator as stored at sign-in, from the admin layout's
// client loader (route id "admin-layout" in routes.ts).
import { useRouteLoaderData } from "react-router";
import type { StoredAdminUser } from "#web/admin/shared/session.ts";

export const ADMIN_LAYOUT_ID = "admin-layout";

export function useAdminUser(): StoredAdminUser | null {
  const data = useRouteLoaderData(ADMIN_LAYOUT_ID) as { user: StoredAdminUser | null } | undefined;
  return data?.user ?? null;
}
