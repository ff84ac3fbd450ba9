// Builds every module once, wiring their dependencies explicitly: the operation
// runner (the one place a write is opened: lib/operation-runner.ts), each
// module's operations (its writes) and services (its reads and orchestrations),
// the job handlers, and what other parts ask of the modules: the public pages'
// reads (SiteReads), the dashboard's counts and the sitemap's addresses.
import type { SiteReads } from "#contract/site-reads.ts";
import { backupDirOf, type Env } from "./env.ts";
import { readOnly, type Db } from "./db/database.ts";
import { createDiscordApi } from "./integrations/discord.ts";
import { createLineApi } from "./integrations/line.ts";
import { createMailer } from "./integrations/mailer.ts";
import type { FileStorage } from "./integrations/storage.ts";
import type { JobQueue } from "./jobs/job-queue.ts";
import type { CacheBus } from "./lib/cache-bus.ts";
import type { Logger } from "./lib/logger.ts";
import { createOperationRunner } from "./lib/operation-runner.ts";
import { systemActor } from "./lib/operations.ts";
import type { PublicCache } from "./lib/public-cache.ts";
import { createActivityService } from "./modules/activity/activity.service.ts";
import { createAccountOperations } from "./modules/auth/account.operations.ts";
import { createAccountService } from "./modules/auth/account.service.ts";
import { createLoginService } from "./modules/auth/login.service.ts";
import { createSessionsOperations } from "./modules/auth/sessions.operations.ts";
import { createSignInOperations } from "./modules/auth/sign-in.operations.ts";
import { createTokensService } from "./modules/auth/tokens.service.ts";
import { createTwoFactorService } from "./modules/auth/two-factor.service.ts";
import { createBannersOperations } from "./modules/banners/banners.operations.ts";
import { createBannersService } from "./modules/banners/banners.service.ts";
import { registerBackupJobs } from "./modules/backups/backup-schedule.ts";
import { createBackupsOperations } from "./modules/backups/backups.operations.ts";
import { createBackupsService } from "./modules/backups/backups.service.ts";
import { makeBackup } from "./modules/backups/make-backup.ts";
import { restoreBackup } from "./modules/backups/restore-backup.ts";
import { createBlogPostsOperations } from "./modules/blog/blog-posts.operations.ts";
import { createBlogPublicService } from "./modules/blog/blog-public.service.ts";
import { createBlogSchedulingOperations, PUBLISH_SCHEDULED_POST } from "./modules/blog/blog-scheduling.ts";
import { createBlogTaxonomyOperations } from "./modules/blog/blog-taxonomy.operations.ts";
import { createBlogService } from "./modules/blog/blog.service.ts";
import { createCategoriesOperations } from "./modules/categories/categories.operations.ts";
import { createCategoriesService } from "./modules/categories/categories.service.ts";
import { createContactsOperations } from "./modules/contacts/contacts.operations.ts";
import { createContactsService } from "./modules/contacts/contacts.service.ts";
import { createCannedRepliesOperations } from "./modules/customers/canned-replies.operations.ts";
import { createCustomersOperations } from "./modules/customers/customers.operations.ts";
import { createCustomersService } from "./modules/customers/customers.service.ts";
import { createLineEventsOperations } from "./modules/customers/line-events.operations.ts";
import { registerLineJobs } from "./modules/customers/line-events.jobs.ts";
import { createDashboardService } from "./modules/dashboard/dashboard.service.ts";
import { createFileReferenceKeeper } from "./modules/media/file-references.ts";
import { createMediaOperations, PURGE_TRASH } from "./modules/media/media.operations.ts";
import { createMediaService } from "./modules/media/media.service.ts";
import { registerVideoJobs } from "./modules/media/video-processing.ts";
import { createNotices } from "./modules/notifications/notices.ts";
import { registerNotificationJobs } from "./modules/notifications/notifications.jobs.ts";
import { createNotificationsOperations } from "./modules/notifications/notifications.operations.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { createPagesOperations } from "./modules/pages/pages.operations.ts";
import { createPagesService } from "./modules/pages/pages.service.ts";
import { createPortfoliosOperations } from "./modules/portfolios/portfolios.operations.ts";
import { createPortfoliosService } from "./modules/portfolios/portfolios.service.ts";
import { createSeoService } from "./modules/seo/seo.service.ts";
import { createServiceTypesOperations } from "./modules/service-types/service-types.operations.ts";
import { createServiceTypesService } from "./modules/service-types/service-types.service.ts";
import { createServicesOperations } from "./modules/services/services.operations.ts";
import { createServicesService } from "./modules/services/services.service.ts";
import { createSettingsOperations } from "./modules/settings/settings.operations.ts";
import { createSettingsService } from "./modules/settings/settings.service.ts";
import { createThemesOperations } from "./modules/themes/themes.operations.ts";
import { createThemesService } from "./modules/themes/themes.service.ts";

export interface ServiceDeps {
  env: Env;
  /** The writing handle: only the operation runner opens transactions with it; modules read through a read-only one. */
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

/** Every module's writes, declared; run only through the runner. */
function createOperations(deps: ServiceDeps, shared: { notices: ReturnType<typeof createNotices>; discord: ReturnType<typeof createDiscordApi> }) {
  const { jobs, logger, storage, env } = deps;
  const backups = createBackupsOperations({ backupDir: backupDirOf(env), logger });
  const settings = createSettingsOperations({ discord: shared.discord, replanBackups: backups.replan });
  const serviceTypes = createServiceTypesOperations();
  const pages = createPagesOperations({ serviceTypes });
  return {
    settings,
    themes: createThemesOperations({ settings }),
    banners: createBannersOperations(),
    media: createMediaOperations({ storage, logger }),
    serviceTypes,
    pages,
    services: createServicesOperations({ followServices: pages.followServicesOfServicesPage }),
    portfolios: createPortfoliosOperations(),
    categories: createCategoriesOperations(),
    blog: { posts: createBlogPostsOperations(), taxonomy: createBlogTaxonomyOperations(), scheduling: createBlogSchedulingOperations() },
    contacts: createContactsOperations({ notices: shared.notices, logger, publicUrl: env.PUBLIC_URL }),
    notifications: createNotificationsOperations({ notices: shared.notices, jobs }),
    customers: createCustomersOperations(),
    cannedReplies: createCannedRepliesOperations(),
    lineEvents: createLineEventsOperations(),
    signIn: createSignInOperations(),
    sessions: createSessionsOperations(),
    account: createAccountOperations(),
    backups,
  };
}

export type Operations = ReturnType<typeof createOperations>;

export function createServices(deps: ServiceDeps) {
  const { env, cache, jobs, logger, storage } = deps;
  const db = readOnly(deps.db);
  const activity = createActivityService({ db });
  const { run } = createOperationRunner({ db: deps.db, bus: deps.bus, jobs, activity, files: createFileReferenceKeeper({ storage, activity }), logger });

  const discord = createDiscordApi({ apiBaseUrl: env.DISCORD_API_BASE_URL });
  const line = createLineApi({ apiBaseUrl: env.LINE_API_BASE_URL, dataApiBaseUrl: env.LINE_DATA_API_BASE_URL });
  const mailer = env.SMTP_URL ? createMailer({ smtpUrl: env.SMTP_URL, from: mailSender(env) }) : undefined;

  const settings = createSettingsService({ db, cache });
  const notices = createNotices({ readSettings: settings.readWith, mailConfigured: mailer !== undefined });
  const operations = createOperations(deps, { notices, discord });

  const media = createMediaService({ db, cache, storage, run, operations: operations.media });
  const serviceTypes = createServiceTypesService({ db, cache });
  const modules = {
    activity,
    tokens: createTokensService({ db, run, operations: operations.sessions }),
    login: createLoginService({ db, run, operations: operations.signIn }),
    account: createAccountService({ db, run, operations: operations.account }),
    twoFactor: createTwoFactorService({ db, run, operations: operations.account }),
    settings,
    themes: createThemesService({ db, cache, settings, logger }),
    banners: createBannersService({ db, cache, picturesOf: media.picturesOf }),
    media,
    pages: createPagesService({ db, cache, logger, videosOf: media.videosOf }),
    services: createServicesService({ db, cache, logger }),
    serviceTypes,
    portfolios: createPortfoliosService({ db, cache, serviceTypeOptions: serviceTypes.site.options }),
    categories: createCategoriesService({ db }),
    blog: createBlogService({ db }),
    publicBlog: createBlogPublicService({ db, cache }),
    contacts: createContactsService({ db, run, operations: operations.contacts }),
    notifications: createNotificationsService({ db, settings, jobs, line, discord, mailConfigured: mailer !== undefined }),
    customers: createCustomersService({ db, run, operations: operations.customers, line, storage, settings, publicUrl: env.PUBLIC_URL }),
  };

  // Job handlers: what writes runs as an operation of the system.
  jobs.register<{ post_id: number }>(PUBLISH_SCHEDULED_POST, async (payload) => {
    await run(operations.blog.scheduling.publishScheduled, { actor: systemActor(PUBLISH_SCHEDULED_POST), input: payload });
  });
  jobs.register<{ run_at?: string }>(PURGE_TRASH, async (payload) => {
    await run(operations.media.purgeTrash, { actor: systemActor(PURGE_TRASH), input: payload });
  });
  registerVideoJobs({ jobs, run, operations: operations.media, storage, logger });
  const backupDir = backupDirOf(env);
  // The engine openDatabase chose by the same rule.
  const flavour = env.DATABASE_URL ? "postgres" : "sqlite";
  registerBackupJobs({ jobs, run, operations: operations.backups, makeArchive: (signal) => makeBackup({ db, flavour, storage }, backupDir, { signal }), logger });
  const backups = createBackupsService({
    db,
    backupDir,
    run,
    operations: operations.backups,
    bus: deps.bus,
    // A restore replaces the whole database in one transaction of its own and puts the files after
    // it commits: the one write besides the runner's that is given the writing handle.
    restoreArchive: (archivePath, scratchDir) => restoreBackup({ db: deps.db, flavour, storage }, archivePath, { force: true, scratchDir }),
    logger,
  });
  registerNotificationJobs({ jobs, run, operations: operations.notifications, settings, line, discord, mailer });
  registerLineJobs({
    jobs,
    run,
    operations: { events: operations.lineEvents, customers: operations.customers },
    line,
    storage,
    logger,
    accessToken: async () => (await settings.getAll()).line_channel_access_token,
  });

  const dashboard = createDashboardService({
    activity,
    sources: [
      modules.banners.dashboard,
      modules.blog.dashboard,
      modules.contacts.dashboard,
      modules.customers.dashboard,
      modules.notifications.dashboard,
      modules.portfolios.dashboard,
      modules.services.dashboard,
      { stats: async () => ({ failed_jobs: await jobs.failedCount() }) },
    ],
  });
  const seo = createSeoService({
    cache,
    settings,
    pages: modules.pages,
    sources: [modules.services.sitemap, modules.publicBlog.sitemap, modules.pages.sitemap],
    listsChangedAt: { blog: modules.publicBlog.listChangedAt, portfolio: modules.portfolios.listChangedAt },
    publicUrl: env.PUBLIC_URL,
  });

  const site: SiteReads = {
    settings: settings.site,
    themes: modules.themes.site,
    seo: seo.site,
    banners: modules.banners.site,
    media: media.site,
    pages: modules.pages.site,
    services: modules.services.site,
    portfolios: modules.portfolios.site,
    blog: modules.publicBlog.site,
    contacts: modules.contacts.site,
  };

  return { ...modules, backups, operations, run, dashboard, seo, site };
}

export type Services = ReturnType<typeof createServices>;
