// Themes, read: exactly one active, named by settings.active_theme_id. When the
// active theme cannot be loaded the built-in fallback applies (000 §4). The
// writes are operations (themes.operations.ts).
import { FALLBACK_THEME, type Theme, type ThemeListItem } from "#contract/theme.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { requireById } from "#server/lib/entity-input.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import { themesRepo } from "./themes.repo.ts";
import { createThemePreview } from "./theme-preview.ts";

type ThemeRow = NonNullable<Awaited<ReturnType<typeof themesRepo.findById>>>;

function parseJsonOrNull(text: string | null): unknown {
  if (text === null || text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function toTheme(row: ThemeRow): Theme {
  return {
    ...row,
    navigation_structure: parseJsonOrNull(row.navigation_structure),
    homepage_layout: parseJsonOrNull(row.homepage_layout),
    content_sections: parseJsonOrNull(row.content_sections),
  };
}

export interface ThemesDeps {
  db: ReadDb;
  cache: PublicCache;
  settings: Pick<SettingsService, "site">;
  logger: Logger;
  clock?: () => Date;
}

/** A theme by the id its address names; 404 when there is none. */
export const requireTheme = async (db: ReadDb, id: unknown): Promise<Theme> =>
  toTheme(await requireById(id, (found) => themesRepo.findById(db, found), "找不到這個主題"));

const findTheme = async (db: ReadDb, id: number) => {
  const row = await themesRepo.findById(db, id);
  return row ? toTheme(row) : undefined;
};

export function createThemesService(deps: ThemesDeps) {
  const { db, cache, settings, logger } = deps;
  const preview = createThemePreview({ db, requireTheme, findTheme, clock: deps.clock });

  /** The theme pages render with; never throws. */
  const active = () =>
    cache
      .remember("themes:active", [cacheTags.settings, cacheTags.themes], async () => {
        const row = await themesRepo.findById(db, Number((await settings.site.publicSettings()).active_theme_id));
        return row ? toTheme(row) : FALLBACK_THEME;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "active theme could not be loaded; using the built-in theme");
        return FALLBACK_THEME;
      });

  return {
    async list(): Promise<ThemeListItem[]> {
      const activeId = Number((await settings.site.publicSettings()).active_theme_id);
      return (await themesRepo.list(db)).map((row) => ({ ...toTheme(row), is_active: row.id === activeId }));
    },

    get: (idInput: unknown) => requireTheme(db, idInput),

    /** GET /api.php/themes/{id}/preview: a signed address of the home page showing the theme (decision 030). */
    previewLink: preview.link,

    /** What public pages read, in-process (site-reads.ts); a preview ticket's theme is never cached: it is read for its one staff request. */
    site: {
      activeTheme: active,
      previewTheme: (ticket: string) =>
        preview.theme(ticket).catch((error: unknown) => {
          logger.error({ err: error }, "a theme preview ticket could not be checked; showing the active theme");
          return null;
        }),
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
