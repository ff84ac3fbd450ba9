// Themes: exactly one active, named by settings.active_theme_id. When the
// active theme cannot be loaded the built-in fallback applies (000 §4).
import { FALLBACK_THEME, type Theme, type ThemeListItem } from "#contract/theme.ts";
import { z } from "zod";
import { themeIdSchema, themeUpdateSchema } from "#contract/theme.schema.ts";
import type { Db } from "#server/db/database.ts";
import { notFound } from "#server/lib/errors.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import type { SettingsService } from "#server/modules/settings/settings.service.ts";
import { themesRepo } from "./themes.repo.ts";

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
  db: Db;
  cache: PublicCache;
  write: WriteRunner;
  settings: SettingsService;
  activity: ActivityService;
  logger: Logger;
  clock?: () => Date;
}

export function createThemesService(deps: ThemesDeps) {
  const { db, cache, write, settings, logger } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function find(handle: Db, idInput: unknown): Promise<Theme> {
    const { id } = parseInput(z.object({ id: themeIdSchema }), { id: idInput });
    const row = await themesRepo.findById(handle, id);
    if (!row) throw notFound("找不到這個主題");
    return toTheme(row);
  }
  const get = (idInput: unknown) => find(db, idInput);

  /** The theme pages render with; never throws. */
  const active = () =>
    cache
      .remember("themes:active", async () => {
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

    get,

    /** What public pages read, in-process (site-reads.ts). */
    site: { activeTheme: active },

    activate: (idInput: unknown, adminId: number): Promise<Theme> =>
      write(async (tx) => {
        const theme = await find(tx.db, idInput);
        await settings.update({ active_theme_id: String(theme.id) }, adminId, { within: tx, recordActivity: false });
        await deps.activity.record(tx.db, { adminId, action: "theme.activate", entityType: "theme", entityId: theme.id, summary: `切換網站風格為「${theme.name}」` });
        return theme;
      }),

    async update(idInput: unknown, input: unknown, adminId: number): Promise<Theme> {
      const id = await write(async (tx) => {
        const existing = await find(tx.db, idInput);
        const changes = parseInput(themeUpdateSchema, input);
        await themesRepo.update(tx.db, existing.id, { ...changes, updated_at: clock().toISOString() });
        await deps.activity.record(tx.db, { adminId, action: "theme.update", entityType: "theme", entityId: existing.id, summary: `更新主題「${changes.name}」` });
        tx.invalidatePublicCache();
        return existing.id;
      });
      return get(id);
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
