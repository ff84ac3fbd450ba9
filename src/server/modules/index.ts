// Every API module, registered explicitly so that a route can be found by grep.
// Each module is an encapsulated Fastify plugin: its own content-type parsers,
// body limits and hooks stay inside it (the LINE webhook will read its raw body
// for the signature without changing any other route). Every route declares its
// access (lib/access.ts).
import type { FastifyInstance } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import type { Db } from "#server/db/database.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import type { Services } from "#server/service-registry.ts";
import { authRoutes } from "./auth/auth.routes.ts";
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

export async function registerModules(app: FastifyInstance, deps: { services: Services; db: Db; storage: FileStorage }) {
  const { services, db, storage } = deps;
  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { login: services.login, account: services.account, twoFactor: services.twoFactor });
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  await app.register(settingsRoutes, { settings: services.settings });
  await app.register(themesRoutes, { themes: services.themes });
  await app.register(bannersRoutes, { banners: services.banners });
  await app.register(async (media) => {
    // Only the media module takes multipart bodies: one file per request, the largest a 100 MB video (limits per place in receiveUpload).
    await media.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 8, fileSize: 100 * 1024 * 1024 } });
    await media.register(mediaRoutes, { media: services.media, storage });
  });
  await app.register(contactsRoutes, { contacts: services.contacts });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(customersRoutes, { customers: services.customers, storage });
  await app.register(servicesRoutes, { services: services.services });
  await app.register(pagesRoutes, { pages: services.pages });
  await app.register(serviceTypesRoutes, { serviceTypes: services.serviceTypes });
  await app.register(portfoliosRoutes, { portfolios: services.portfolios });
  await app.register(categoriesRoutes, { categories: services.categories });
  await app.register(blogRoutes, {
    blog: services.blog,
    originFor: services.seo.originFor,
    siteTitle: async () => {
      const current = await services.settings.site.publicSettings();
      return current.site_title || current.company_name || "最新消息";
    },
  });
  await app.register(seoRoutes, { seo: services.seo });
  await app.register(lineWebhookRoutes, {
    events: services.lineEvents,
    channelSecret: async () => (await services.settings.getAll()).line_channel_secret,
  });
}
