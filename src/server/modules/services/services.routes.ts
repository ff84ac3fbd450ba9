import type { FastifyPluginAsync } from "fastify";
import { SERVICE_MESSAGES } from "#contract/services.ts";
import { currentAdmin } from "#server/lib/access.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { ServicesService } from "./services.service.ts";

type IdParams = { Params: { id: string } };
type ServiceQuery = { Querystring: { service_id?: string } };

export const servicesRoutes: FastifyPluginAsync<{ services: ServicesService }> = async (app, { services }) => {
  // The public service detail (000 §7).
  app.get<IdParams>("/api.php/services/:id", { config: { access: "public" } }, async (request) => ok(await services.publicDetail(request.params.id)));

  // Categories (002 §7).
  app.get("/admin-api.php/service-categories", { config: { access: "admin" } }, async () => ok(await services.listCategories()));
  app.post("/admin-api.php/service-categories", { config: { access: "admin" } }, async (request) =>
    ok(await services.createCategory(request.body, currentAdmin(request).id), SERVICE_MESSAGES.categoryCreated),
  );
  app.put("/admin-api.php/service-categories/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await services.reorderCategories(request.body, currentAdmin(request).id), "排序已更新"),
  );
  app.put<IdParams>("/admin-api.php/service-categories/:id", { config: { access: "admin" } }, async (request) =>
    ok(await services.updateCategory(request.params.id, request.body, currentAdmin(request).id), SERVICE_MESSAGES.categoryUpdated),
  );
  app.delete<IdParams>("/admin-api.php/service-categories/:id", { config: { access: "admin" } }, async (request) => {
    await services.removeCategory(request.params.id, currentAdmin(request).id);
    return ok(null, SERVICE_MESSAGES.categoryDeleted);
  });

  // Items.
  app.get("/admin-api.php/service-items", { config: { access: "admin" } }, async () => ok(await services.listItems()));
  app.post("/admin-api.php/service-items", { config: { access: "admin" } }, async (request) =>
    ok(await services.createItem(request.body, currentAdmin(request).id), SERVICE_MESSAGES.itemCreated),
  );
  app.put("/admin-api.php/service-items/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await services.reorderItems(request.body, currentAdmin(request).id), "排序已更新"),
  );
  app.get<IdParams>("/admin-api.php/service-items/:id", { config: { access: "admin" } }, async (request) => ok(await services.getItem(request.params.id)));
  app.put<IdParams>("/admin-api.php/service-items/:id", { config: { access: "admin" } }, async (request) =>
    ok(await services.updateItem(request.params.id, request.body, currentAdmin(request).id), SERVICE_MESSAGES.itemUpdated),
  );
  app.delete<IdParams>("/admin-api.php/service-items/:id", { config: { access: "admin" } }, async (request) => {
    await services.removeItem(request.params.id, currentAdmin(request).id);
    return ok(null, SERVICE_MESSAGES.itemDeleted);
  });

  // An item's case images.
  app.get<ServiceQuery>("/admin-api.php/service-images", { config: { access: "admin" } }, async (request) => ok(await services.listImages(request.query.service_id)));
  app.post("/admin-api.php/service-images", { config: { access: "admin" } }, async (request) =>
    ok(await services.addImage(request.body, currentAdmin(request).id), SERVICE_MESSAGES.imageAdded),
  );
  app.put<ServiceQuery>("/admin-api.php/service-images/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await services.reorderImages(request.query.service_id, request.body, currentAdmin(request).id), "排序已更新"),
  );
  app.delete<IdParams>("/admin-api.php/service-images/:id", { config: { access: "admin" } }, async (request) => {
    await services.removeImage(request.params.id, currentAdmin(request).id);
    return ok(null, SERVICE_MESSAGES.imageDeleted);
  });
};
