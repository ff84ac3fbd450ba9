// The site settings' one write: the keys given are saved, the uploaded files the
// settings show are kept referenced, and every page drops (settings are in each
// page's header, footer and SEO).
import { settingKeys, type Settings, type SettingKey } from "#contract/settings.ts";
import { settingsUpdateSchema } from "#contract/settings.schema.ts";
import type { Db } from "#server/db/database.ts";
import type { DiscordApi } from "#server/integrations/discord.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { badRequest } from "#server/lib/errors.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { VALIDATION_MESSAGE } from "#server/lib/validation.ts";
import type { BackupsOperations } from "#server/modules/backups/backups.operations.ts";
import { themesRepo } from "#server/modules/themes/themes.repo.ts";
import { readSettings } from "./settings.service.ts";
import { settingsRepo } from "./settings.repo.ts";

/** Settings whose value can be an uploaded file. */
export const FILE_SETTING_KEYS = [
  "company_logo", "favicon", "header_logo", "footer_logo", "og_image", "floating_line_icon", "floating_phone_icon",
] as const satisfies readonly SettingKey[];

export interface SettingsOperationsDeps {
  /** Where a Discord webhook may point (integrations/discord.ts). */
  discord: Pick<DiscordApi, "isWebhookUrl" | "webhookPrefixes">;
  /** Plans the next automatic backup from the saved backup_frequency (backups.operations.ts). */
  replanBackups?: BackupsOperations["replan"];
  clock?: () => Date;
}

export function createSettingsOperations(deps: SettingsOperationsDeps) {
  const clock = deps.clock ?? (() => new Date());

  async function checkReferences(db: Db, update: Partial<Settings>) {
    const errors: Record<string, string> = {};
    if (update.active_theme_id !== undefined && !(await themesRepo.exists(db, Number(update.active_theme_id)))) {
      errors.active_theme_id = "找不到這個主題";
    }
    const webhook = update.discord_webhook_url;
    if (webhook && !deps.discord.isWebhookUrl(webhook)) {
      errors.discord_webhook_url = `Discord Webhook 網址必須以 ${deps.discord.webhookPrefixes()[0]} 開頭`;
    }
    if (Object.keys(errors).length > 0) throw badRequest(VALIDATION_MESSAGE, errors);
  }

  /** Saves the keys given, in the caller's transaction; answers every setting after the save and how many keys were given. */
  async function save(db: Db, update: Partial<Settings>): Promise<{ saved: Settings; count: number; files: boolean }> {
    await checkReferences(db, update);
    const entries = settingKeys.filter((key) => update[key] !== undefined).map((key) => [key, update[key]!] as [string, string]);
    await settingsRepo.upsert(db, entries, clock().toISOString());
    return { saved: await readSettings(db), count: entries.length, files: FILE_SETTING_KEYS.some((key) => update[key] !== undefined) };
  }

  return {
    save,

    update: defineOperation({
      name: "settings.update",
      input: settingsUpdateSchema,
      access: access.administrators,
      run: async ({ tx, input, run }) => {
        const saved = await save(tx.db, input as Partial<Settings>);
        // A new frequency moves the next automatic backup, in the same transaction as the setting.
        if (input.backup_frequency !== undefined && deps.replanBackups) await run(deps.replanBackups, {});
        return saved;
      },
      effects: {
        files: ({ result }) =>
          result.files ? { owner: { type: "settings", id: "site" }, fields: Object.fromEntries(FILE_SETTING_KEYS.map((key) => [key, [result.saved[key]]])) } : null,
        activity: ({ result }) => (result.count > 0 ? { entityType: "settings", summary: `更新網站設定（${result.count} 項）` } : null),
        invalidates: [cacheTags.settings],
      },
    }),
  };
}

export type SettingsOperations = ReturnType<typeof createSettingsOperations>;
