// The themes' writes (002 §2.4): activating one (it becomes the site's
// active_theme_id) and editing one. Both change what every page looks like.
import { themeUpdateSchema } from "#contract/theme.schema.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import type { SettingsOperations } from "#server/modules/settings/settings.operations.ts";
import { themesRepo } from "./themes.repo.ts";
import { requireTheme } from "./themes.service.ts";

export function createThemesOperations(deps: { settings: Pick<SettingsOperations, "save">; clock?: () => Date }) {
  const clock = deps.clock ?? (() => new Date());

  return {
    activate: defineOperation({
      name: "theme.activate",
      load: requireTheme,
      access: access.administrators,
      async run({ tx, record }) {
        // The setting is saved as part of the activation, which is the one activity entry.
        await deps.settings.save(tx.db, { active_theme_id: String(record.id) });
        return record;
      },
      effects: {
        activity: ({ record }) => ({ entityType: "theme", entityId: record.id, summary: `切換網站風格為「${record.name}」` }),
        invalidates: [cacheTags.settings, cacheTags.themes],
      },
    }),

    update: defineOperation({
      name: "theme.update",
      input: themeUpdateSchema,
      load: requireTheme,
      access: access.administrators,
      async run({ tx, input, record }) {
        await themesRepo.update(tx.db, record.id, { ...input, updated_at: clock().toISOString() });
        return requireTheme(tx.db, record.id);
      },
      effects: {
        activity: ({ input, record }) => ({ entityType: "theme", entityId: record.id, summary: `更新主題「${input.name}」` }),
        invalidates: [cacheTags.themes],
      },
    }),
  };
}

export type ThemesOperations = ReturnType<typeof createThemesOperations>;
