// Builds every domain service once, wiring their dependencies explicitly.
import type { Env } from "./env.ts";
import type { Db } from "./db/database.ts";
import type { CacheBus } from "./lib/cache-bus.ts";
import type { Logger } from "./lib/logger.ts";
import type { PublicCache } from "./lib/public-cache.ts";
import { createBannersService } from "./modules/banners/banners.service.ts";
import { createActivityService } from "./modules/activity/activity.service.ts";
import { createAccountService } from "./modules/auth/account.service.ts";
import { createLoginService } from "./modules/auth/login.service.ts";
import { createTokensService } from "./modules/auth/tokens.service.ts";
import { createDashboardService } from "./modules/dashboard/dashboard.service.ts";
import { createMediaService } from "./modules/media/media.service.ts";
import { createSeoService } from "./modules/seo/seo.service.ts";
import type { FileStorage } from "./integrations/storage.ts";
import { createSettingsService } from "./modules/settings/settings.service.ts";
import { themesRepo } from "./modules/themes/themes.repo.ts";
import { createThemesService } from "./modules/themes/themes.service.ts";

export interface ServiceDeps {
  env: Env;
  db: Db;
  cache: PublicCache;
  bus: CacheBus;
  logger: Logger;
  storage: FileStorage;
}

export function createServices(deps: ServiceDeps) {
  const { db, cache, bus, logger, env, storage } = deps;
  const activity = createActivityService(db);
  const tokens = createTokensService(db);
  const media = createMediaService({ db, storage, activity, logger });
  const settings = createSettingsService({
    db,
    cache,
    bus,
    activity,
    discordApiBaseUrl: env.DISCORD_API_BASE_URL,
    themeExists: (id) => themesRepo.exists(db, id),
    syncFileReferences: (fields) => media.syncReferences({ type: "settings", id: "site" }, fields),
  });
  const themes = createThemesService({ db, cache, bus, settings, activity, logger });
  const banners = createBannersService({
    db,
    cache,
    bus,
    activity,
    syncFileReferences: (bannerId, fields) => media.syncReferences({ type: "banner", id: String(bannerId) }, fields),
    picturesOf: media.picturesOf,
  });
  const login = createLoginService({ db, tokens, activity });
  const account = createAccountService({ db, tokens, activity });
  const dashboard = createDashboardService(db);
  const seo = createSeoService({ db, cache, settings, publicUrl: env.PUBLIC_URL });
  return { activity, tokens, login, account, settings, themes, banners, dashboard, media, seo };
}

export type Services = ReturnType<typeof createServices>;
