// Site settings: defaults from the contract, stored values on top. Public reads
// are cached and serialised once; every write invalidates every instance.
import { defaultSettings, publicSettingKeys, settingKeys, type Settings, type SettingKey } from "#contract/settings.ts";
import { settingsUpdateSchema } from "#contract/settings.schema.ts";
import type { Db } from "#server/db/database.ts";
import type { CacheBus } from "#server/lib/cache-bus.ts";
import { badRequest } from "#server/lib/errors.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { parseInput, VALIDATION_MESSAGE } from "#server/lib/validation.ts";
import { cachedJson } from "#server/lib/cached-json.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { settingsRepo } from "./settings.repo.ts";

export interface SettingsDeps {
  db: Db;
  cache: PublicCache;
  bus: CacheBus;
  activity: ActivityService;
  discordApiBaseUrl: string;
  themeExists: (id: number) => Promise<boolean>;
  /** Registers the uploaded files the settings show, so they are never cleaned up while in use. */
  syncFileReferences: (fields: Record<string, string[]>) => Promise<void>;
  clock?: () => Date;
}

const isKnownKey = (key: string): key is SettingKey => key in defaultSettings;

/** Settings whose value can be an uploaded file. */
export const FILE_SETTING_KEYS = [
  "company_logo", "favicon", "header_logo", "footer_logo", "og_image", "floating_line_icon", "floating_phone_icon",
] as const satisfies readonly SettingKey[];

export function createSettingsService(deps: SettingsDeps) {
  const { db, cache, bus } = deps;
  const clock = deps.clock ?? (() => new Date());

  const readAll = () =>
    cache.remember("settings:all", async (): Promise<Settings> => {
      const settings = { ...defaultSettings };
      for (const row of await settingsRepo.all(db)) if (isKnownKey(row.key)) settings[row.key] = row.value;
      return settings;
    });

  const readPublic = () =>
    cache.remember("settings:public", async () => {
      const all = await readAll();
      return Object.fromEntries(publicSettingKeys.map((key) => [key, all[key]])) as Partial<Settings>;
    });

  const discordPrefixes = () => {
    const prefixes = [`${deps.discordApiBaseUrl}/api/webhooks/`];
    if (deps.discordApiBaseUrl === "https://discord.com") prefixes.push("https://discordapp.com/api/webhooks/");
    return prefixes;
  };

  async function checkReferences(update: Partial<Settings>) {
    const errors: Record<string, string> = {};
    if (update.active_theme_id !== undefined && !(await deps.themeExists(Number(update.active_theme_id)))) {
      errors.active_theme_id = "找不到這個主題";
    }
    const webhook = update.discord_webhook_url;
    if (webhook && !discordPrefixes().some((prefix) => webhook.startsWith(prefix))) {
      errors.discord_webhook_url = `Discord Webhook 網址必須以 ${discordPrefixes()[0]} 開頭`;
    }
    if (Object.keys(errors).length > 0) throw badRequest(VALIDATION_MESSAGE, errors);
  }

  return {
    /** Every setting: for the back office and for server-side rendering. */
    getAll: readAll,
    /** Only keys a visitor may see; never tokens, secrets or webhook URLs. */
    getPublic: readPublic,
    /** The public settings answer, serialised once per change. */
    getPublicJson: () =>
      cache.remember("settings:public:json", async () => cachedJson({ success: true, data: await readPublic() })),

    /** `recordActivity: false` when the caller records a more specific entry itself. */
    async update(input: unknown, adminId: number | null, options: { recordActivity?: boolean } = {}): Promise<Settings> {
      const update = parseInput(settingsUpdateSchema, input) as Partial<Settings>;
      await checkReferences(update);
      const entries = settingKeys.filter((key) => update[key] !== undefined).map((key) => [key, update[key]!] as [string, string]);
      await settingsRepo.upsert(db, entries, clock().toISOString());
      await bus.publish();
      const saved = await readAll();
      if (FILE_SETTING_KEYS.some((key) => update[key] !== undefined)) {
        await deps.syncFileReferences(Object.fromEntries(FILE_SETTING_KEYS.map((key) => [key, [saved[key]]])));
      }
      if (entries.length > 0 && options.recordActivity !== false) {
        await deps.activity.record({ adminId, action: "settings.update", entityType: "settings", summary: `更新網站設定（${entries.length} 項）` });
      }
      return saved;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
