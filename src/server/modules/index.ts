// Every API module, registered explicitly so that a route can be found by grep.
// Each module is an encapsulated Fastify plugin: its own content-type parsers,
// body limits and hooks stay inside it (the LINE webhook reads its raw body for
// the signature without changing any other route). Every route declares its
// access (lib/access.ts); every write runs an operation through `run`
// (lib/operation-runner.ts).
import type { FastifyInstance } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { RESTORE_MAX_BYTES } from "#contract/backups.ts";
import type { ReadDb } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import type { Shutdown } from "#server/lib/shutdown.ts";
import type { Services } from "#server/service-registry.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { backupsRoutes } from "./backups/backups.routes.ts";
import { bannersRoutes } from "./banners/banners.routes.ts";
import { blogRoutes } from "./blog/blog.routes.ts";
import { categoriesRoutes } from "./categories/categories.routes.ts";
import { contactsRoutes } from "./contacts/contacts.routes.ts";
import { customersRoutes } from "./customers/customers.routes.ts";
import { lineWebhookRoutes } from "./customers/line-webhook.routes.ts";
import { dashboardRoutes } from "./dashboard/dashboard.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { mediaRoutes } from "./media/media.routes.ts";
import { notificationsRoutes } from "./notifications/notifications.routes.ts";
import { pagesRoutes } from "./pages/pages.routes.ts";
import { portfoliosRoutes } from "./portfolios/portfolios.routes.ts";
import { seoRoutes } from "./seo/seo.routes.ts";
import { serviceTypesRoutes } from "./service-types/service-types.routes.ts";
import { servicesRoutes } from "./services/services.routes.ts";
import { settingsRoutes } from "./settings/settings.routes.ts";
import { themesRoutes } from "./themes/themes.routes.ts";

export async function registerModules(app: FastifyInstance, deps: { services: Services; db: ReadDb; storage: FileStorage; shutdown: Shutdown }) {
  const { services, db, storage } = deps;
  const { operations, run } = services;
  await app.register(healthRoutes, { db, storage, shutdown: deps.shutdown });
  await app.register(authRoutes, {
    login: services.login,
    account: services.account,
    twoFactor: services.twoFactor,
    operations: { account: operations.account, sessions: operations.sessions },
    run,
  });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(settingsRoutes, { settings: services.settings, operations: operations.settings, run });
  await app.register(themesRoutes, { themes: services.themes, operations: operations.themes, run });
  await app.register(bannersRoutes, { banners: services.banners, operations: operations.banners, run });
  await app.register(async (media) => {
    // Only the media module takes multipart bodies: one file per request, the largest a 100 MB video (limits per place in receiveUpload).
    await media.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 8, fileSize: 100 * 1024 * 1024 } });
    await media.register(mediaRoutes, { media: services.media, operations: operations.media, run, storage });
  });
  await app.register(async (backups) => {
    // The restore's upload: one archive of at most 2 GB, streamed to disk, beside the password.
    await backups.register(fastifyMultipart, { limits: { files: 1, fields: 4, parts: 6, fileSize: RESTORE_MAX_BYTES } });
    await backups.register(backupsRoutes, { backups: services.backups, operations: operations.backups, run });
  });
  await app.register(contactsRoutes, { contacts: services.contacts, operations: operations.contacts, run });
  await app.register(notificationsRoutes, { notifications: services.notifications, operations: operations.notifications, run });
  await app.register(customersRoutes, {
    customers: services.customers,
    operations: { customers: operations.customers, cannedReplies: operations.cannedReplies },
    run,
    storage,
  });
  await app.register(servicesRoutes, { services: services.services, operations: operations.services, run });
  await app.register(pagesRoutes, { pages: services.pages, operations: operations.pages, run });
  await app.register(serviceTypesRoutes, { serviceTypes: services.serviceTypes, operations: operations.serviceTypes, run });
  await app.register(portfoliosRoutes, { portfolios: services.portfolios, operations: operations.portfolios, run });
  await app.register(categoriesRoutes, { categories: services.categories, operations: operations.categories, run });
  await app.register(blogRoutes, {
    blog: services.blog,
    publicBlog: services.publicBlog,
    operations: { posts: operations.blog.posts, taxonomy: operations.blog.taxonomy },
    run,
    originFor: services.seo.originFor,
    feedIdentity: async () => {
      const current = await services.settings.site.publicSettings();
      return { title: current.site_title || current.company_name || "最新消息", author: current.company_name || current.site_title || "最新消息" };
    },
  });
  await app.register(seoRoutes, { seo: services.seo });
  await app.register(lineWebhookRoutes, {
    operations: operations.lineEvents,
    run,
    channelSecret: async () => (await services.settings.getAll()).line_channel_secret,
  });
}
