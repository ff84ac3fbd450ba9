// Builds every domain service once, wiring their dependencies explicitly. Writes
// go through one runner (lib/transactions.ts); modules expose what others ask of
// them as facets: `site` (public pages), `dashboard` (counts), `sitemap` (URLs).
import type { Env } from "./env.ts";
import type { Db } from "./db/database.ts";
import { createDiscordApi } from "./integrations/discord.ts";
import { createLineApi } from "./integrations/line.ts";
import { createMailer } from "./integrations/mailer.ts";
import type { FileStorage } from "./integrations/storage.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import type { CacheBus } from "./lib/cache-bus.ts";
import type { Logger } from "./lib/logger.ts";
import type { PublicCache } from "./lib/public-cache.ts";
import { createWriteRunner } from "./lib/transactions.ts";
import { createActivityService } from "./modules/activity/activity.service.ts";
import { createAccountService } from "./modules/auth/account.service.ts";
import { createLoginService } from "./modules/auth/login.service.ts";
import { createTokensService } from "./modules/auth/tokens.service.ts";
import { createTwoFactorService } from "./modules/auth/two-factor.service.ts";
import { createBannersService } from "./modules/banners/banners.service.ts";
import { createBlogService } from "./modules/blog/blog.service.ts";
import { createCategoriesService } from "./modules/categories/categories.service.ts";
import { createContactsService } from "./modules/contacts/contacts.service.ts";
import { createCustomersService } from "./modules/customers/customers.service.ts";
import { createLineEventsService } from "./modules/customers/line-events.service.ts";
import { createDashboardService, type DashboardSource } from "./modules/dashboard/dashboard.service.ts";
import { createMediaService } from "./modules/media/media.service.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { createPagesService } from "./modules/pages/pages.service.ts";
import { createPortfoliosService } from "./modules/portfolios/portfolios.service.ts";
import { createSeoService, type SitemapSource } from "./modules/seo/seo.service.ts";
import { createServiceTypesService } from "./modules/service-types/service-types.service.ts";
import { createServicesService } from "./modules/services/services.service.ts";
import { createSettingsService } from "./modules/settings/settings.service.ts";
import { themesRepo } from "./modules/themes/themes.repo.ts";
import { createThemesService } from "./modules/themes/themes.service.ts";
import { facetsOf, siteReadsOf } from "./site-reads.ts";

export interface ServiceDeps {
  env: Env;
  db: Db;
  cache: PublicCache;
  bus: CacheBus;
  jobs: JobQueue;
  logger: Logger;
  storage: FileStorage;
}

/** MAIL_FROM, else the SMTP user when it is an address, else no-reply@localhost. */
function mailSender(env: Env): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  const user = env.SMTP_URL ? decodeURIComponent(new URL(env.SMTP_URL).username) : "";
  return user.includes("@") ? user : "no-reply@localhost";
}

function createModuleServices(deps: ServiceDeps) {
  const { db, cache, bus, jobs, logger, env, storage } = deps;
  const write = createWriteRunner({ db, bus, jobs, logger });
  const activity = createActivityService({ db });
  const tokens = createTokensService(db);
  const twoFactor = createTwoFactorService({ db, write, activity });
  const discord = createDiscordApi({ apiBaseUrl: env.DISCORD_API_BASE_URL });
  const line = createLineApi({ apiBaseUrl: env.LINE_API_BASE_URL, dataApiBaseUrl: env.LINE_DATA_API_BASE_URL });
  const media = createMediaService({ db, storage, write, activity, logger, jobs });
  const settings = createSettingsService({
    db,
    cache,
    write,
    activity,
    discord,
    themeExists: (handle, id) => themesRepo.exists(handle, id),
    syncFileReferences: (handle, fields) => media.syncReferences(handle, { type: "settings", id: "site" }, fields),
  });
  const serviceTypes = createServiceTypesService({ db, cache, write, activity });
  const pages = createPagesService({
    db,
    cache,
    logger,
    write,
    activity,
    syncServiceTypes: serviceTypes.syncFromServicesPage,
    syncFileReferences: (handle, pageKey, fields) => media.syncReferences(handle, { type: "page", id: pageKey }, fields),
  });
  const notifications = createNotificationsService({
    db,
    settings,
    jobs,
    write,
    activity,
    line,
    discord,
    mailer: env.SMTP_URL ? createMailer({ smtpUrl: env.SMTP_URL, from: mailSender(env) }) : undefined,
  });
  return {
    activity,
    tokens,
    twoFactor,
    login: createLoginService({ db, write, tokens, twoFactor, activity }),
    account: createAccountService({ db, write, tokens, activity }),
    media,
    settings,
    themes: createThemesService({ db, cache, write, settings, activity, logger }),
    banners: createBannersService({
      db,
      cache,
      write,
      activity,
      syncFileReferences: (handle, bannerId, fields) => media.syncReferences(handle, { type: "banner", id: String(bannerId) }, fields),
      picturesOf: media.picturesOf,
    }),
    pages,
    services: createServicesService({
      db,
      logger,
      cache,
      write,
      activity,
      syncFileReferences: (handle, owner, fields) => media.syncReferences(handle, owner, fields),
    }),
    serviceTypes,
    portfolios: createPortfoliosService({
      db,
      cache,
      write,
      activity,
      syncFileReferences: (handle, owner, fields) => media.syncReferences(handle, owner, fields),
      serviceTypeOptions: serviceTypes.site.options,
    }),
    categories: createCategoriesService({ db, write, activity }),
    notifications,
    contacts: createContactsService({ db, write, activity, notifications, logger, publicUrl: env.PUBLIC_URL }),
    customers: createCustomersService({
      db,
      write,
      activity,
      line,
      storage,
      settings,
      publicUrl: env.PUBLIC_URL,
      jobs,
      syncFileReferences: (handle, owner, fields) => media.syncReferences(handle, owner, fields),
    }),
    lineEvents: createLineEventsService({
      write,
      jobs,
      line,
      storage,
      logger,
      accessToken: async () => (await settings.getAll()).line_channel_access_token,
      syncFileReferences: (handle, owner, fields) => media.syncReferences(handle, owner, fields),
    }),
    blog: createBlogService({
      db,
      cache,
      write,
      activity,
      jobs,
      syncFileReferences: (handle, postId, fields) => media.syncReferences(handle, { type: "blog_post", id: String(postId) }, fields),
    }),
  };
}

export type ModuleServices = ReturnType<typeof createModuleServices>;

export function createServices(deps: ServiceDeps) {
  const modules = createModuleServices(deps);
  const jobsHealth: DashboardSource = { stats: async () => ({ failed_jobs: await deps.jobs.failedCount() }) };
  const dashboard = createDashboardService({ activity: modules.activity, sources: [...facetsOf<"dashboard", DashboardSource>(modules, "dashboard"), jobsHealth] });
  const seo = createSeoService({
    cache: deps.cache,
    settings: modules.settings,
    pages: modules.pages,
    sources: facetsOf<"sitemap", SitemapSource>(modules, "sitemap"),
    publicUrl: deps.env.PUBLIC_URL,
  });
  return { ...modules, dashboard, seo, site: { ...siteReadsOf(modules), seo: seo.site } };
}

export type Services = ReturnType<typeof createServices>;
