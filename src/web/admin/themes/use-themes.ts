// The themes list as the back office reads it: the themes screen, the theme check
// screen and the settings preview share one cache entry, so activating a theme on
// one screen is seen by the others.
import { useQuery } from "@tanstack/react-query";
import type { ThemeListItem } from "#contract/theme.ts";
import { apiGet } from "#web/admin/shared/api-client.ts";

export const THEMES_QUERY_KEY = ["admin", "themes"] as const;

export const useThemes = () => useQuery({ queryKey: THEMES_QUERY_KEY, queryFn: ({ signal }) => apiGet<ThemeListItem[]>("/api.php/themes", signal) });
