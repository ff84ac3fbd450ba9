// Site settings, read: defaults from the contract, stored values on top. Public
// reads are cached and serialised once, tagged `settings`; the one write is an
// operation (settings.operations.ts).
import { defaultSettings, publicSettingKeys, type Settings, type SettingKey } from "#contract/settings.ts";
import type { ReadDb } from "#server/db/database.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { cachedJson } from "#server/lib/cached-json.ts";
import type { PublicCache } from "#server/lib/public-cache.ts";
import { settingsRepo } from "./settings.repo.ts";

const isKnownKey = (key: string): key is SettingKey => key in defaultSettings;
const TAGS = [cacheTags.settings];

/** Every setting as stored over the defaults, read with `db` (a write's own transaction reads what it just saved). */
export async function readSettings(db: ReadDb): Promise<Settings> {
  const settings = { ...defaultSettings };
  for (const row of await settingsRepo.all(db)) if (isKnownKey(row.key)) settings[row.key] = row.value;
  return settings;
}

export function createSettingsService(deps: { db: ReadDb; cache: PublicCache }) {
  const { db, cache } = deps;
  const readAll = () => cache.remember("settings:all", TAGS, () => readSettings(db));

  const readPublic = () =>
    cache.remember("settings:public", TAGS, async () => {
      const all = await readAll();
      return Object.fromEntries(publicSettingKeys.map((key) => [key, all[key]])) as Partial<Settings>;
    });

  return {
    /** Every setting: for the back office and for server-side rendering. */
    getAll: readAll,
    /** Every setting, read with a write's own transaction (uncached: on SQLite a read outside it would wait for it). */
    readWith: (handle: ReadDb) => readSettings(handle),
    /** The public settings answer, serialised once per change. */
    getPublicJson: () => cache.remember("settings:public:json", TAGS, async () => cachedJson({ success: true, data: await readPublic() })),

    /** When the site's settings last changed (the sitemap's dates). */
    changedAt: () => settingsRepo.latestChange(db),

    /** What public pages read, in-process (site-reads.ts): only keys a visitor may see, never tokens, secrets or webhook URLs. */
    site: { publicSettings: readPublic },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
