// Site settings: defaults from the contract, stored values on top. Public reads
// are cached and serialised once; every write invalidates every instance.
import { defaultSettings, publicSettingKeys, settingKeys, type Settings, type SettingKey } from "#contract/settings.ts";
import { settingsUpdateSchema } from "#contract/settings.schema.ts";
import type { Db } from "#server/db/database.ts";
import type { DiscordApi } from "#server/integrations/discord.ts";
import { badRequest } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import type { Tx, WriteRunner } from "#server/lib/transactions.ts";
import { parseInput, VALIDATION_MESSAGE } from "#server/lib/validation.ts";
import { cachedJson } from "#server/lib/cached-json.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { settingsRepo } from "./settings.repo.ts";

export interface SettingsDeps {
  db: Db;
  cache: PublicCache;
  write: WriteRunner;
  activity: ActivityService;
  /** Where a Discord webhook may point (integrations/discord.ts). */
  discord: Pick<DiscordApi, "isWebhookUrl" | "webhookPrefixes">;
  themeExists: (handle: Db, id: number) => Promise<boolean>;
  /** Registers the uploaded files the settings show (so they are never cleaned up while in use), in the settings' transaction. */
  syncFileReferences: (handle: Db, fields: Record<string, string[]>) => Promise<void>;
  clock?: () => Date;
}

const isKnownKey = (key: string): key is SettingKey => key in defaultSettings;

/** Settings whose value can be an uploaded file. */
export const FILE_SETTING_KEYS = [
  "company_logo", "favicon", "header_logo", "footer_logo", "og_image", "floating_line_icon", "floating_phone_icon",
] as const satisfies readonly SettingKey[];

export function createSettingsService(deps: SettingsDeps) {
  const { db, cache, write } = deps;
  const clock = deps.clock ?? (() => new Date());

  const load = async (handle: Db): Promise<Settings> => {
    const settings = { ...defaultSettings };
    for (const row of await settingsRepo.all(handle)) if (isKnownKey(row.key)) settings[row.key] = row.value;
    return settings;
  };
  const readAll = () => cache.remember("settings:all", () => load(db));

  const readPublic = () =>
    cache.remember("settings:public", async () => {
      const all = await readAll();
      return Object.fromEntries(publicSettingKeys.map((key) => [key, all[key]])) as Partial<Settings>;
    });

  async function checkReferences(handle: Db, update: Partial<Settings>) {
    const errors: Record<string, string> = {};
    if (update.active_theme_id !== undefined && !(await deps.themeExists(handle, Number(update.active_theme_id)))) {
      errors.active_theme_id = "找不到這個主題";
    }
    const webhook = update.discord_webhook_url;
    if (webhook && !deps.discord.isWebhookUrl(webhook)) {
      errors.discord_webhook_url = `Discord Webhook 網址必須以 ${deps.discord.webhookPrefixes()[0]} 開頭`;
    }
    if (Object.keys(errors).length > 0) throw badRequest(VALIDATION_MESSAGE, errors);
  }

  return {
    /** Every setting: for the back office and for server-side rendering. */
    getAll: readAll,
    /** Every setting, read with a write's own transaction (uncached: on SQLite a read outside it would wait for it). */
    readWith: (handle: Db) => load(handle),
    /** The public settings answer, serialised once per change. */
    getPublicJson: () =>
      cache.remember("settings:public:json", async () => cachedJson({ success: true, data: await readPublic() })),

    /** When the site's settings last changed (the sitemap's dates). */
    changedAt: () => settingsRepo.latestChange(db),

    /** What public pages read, in-process (site-reads.ts): only keys a visitor may see, never tokens, secrets or webhook URLs. */
    site: { publicSettings: readPublic },

    /**
     * Saves the keys given. `within`: the write of a caller that saves settings as part of
     * its own change (activating a theme), which then records its own activity.
     */
    update: (input: unknown, adminId: number | null, options: { within?: Tx; recordActivity?: boolean } = {}): Promise<Settings> =>
      write(async (tx) => {
        const update = parseInput(settingsUpdateSchema, input) as Partial<Settings>;
        await checkReferences(tx.db, update);
        const entries = settingKeys.filter((key) => update[key] !== undefined).map((key) => [key, update[key]!] as [string, string]);
        await settingsRepo.upsert(tx.db, entries, clock().toISOString());
        const saved = await load(tx.db);
        if (FILE_SETTING_KEYS.some((key) => update[key] !== undefined)) {
          await deps.syncFileReferences(tx.db, Object.fromEntries(FILE_SETTING_KEYS.map((key) => [key, [saved[key]]])));
        }
        if (entries.length > 0 && options.recordActivity !== false) {
          await deps.activity.record(tx.db, { adminId, action: "settings.update", entityType: "settings", summary: `更新網站設定（${entries.length} 項）` });
        }
        tx.invalidatePublicCache();
        return saved;
      }, options.within),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
