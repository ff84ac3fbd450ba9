import type { FastifyPluginAsync } from "fastify";
import { SERVICE_MESSAGES } from "#contract/services.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { ServicesOperations } from "./services.operations.ts";
import type { ServicesService } from "./services.service.ts";

type IdParams = { Params: { id: string } };
type ServiceQuery = { Querystring: { service_id?: string } };

export const servicesRoutes: FastifyPluginAsync<{ services: ServicesService; operations: ServicesOperations; run: RunOperation }> = async (
  app,
  { services, operations, run },
) => {
  // The public service detail (000 §7).
  app.get<IdParams>("/api.php/services/:id", { config: { access: "public" } }, async (request) => ok(await services.publicDetail(request.params.id)));

  // Categories (002 §7).
  app.get("/admin-api.php/service-categories", { config: { access: "admin" } }, async () => ok(await services.listCategories()));
  app.post("/admin-api.php/service-categories", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.createCategory, { actor: actorOf(request), input: request.body }), SERVICE_MESSAGES.categoryCreated),
  );
  app.put("/admin-api.php/service-categories/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.reorderCategories, { actor: actorOf(request), input: request.body }), "排序已更新"),
  );
  app.put<IdParams>("/admin-api.php/service-categories/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.updateCategory, { actor: actorOf(request), id: request.params.id, input: request.body }), SERVICE_MESSAGES.categoryUpdated),
  );
  app.delete<IdParams>("/admin-api.php/service-categories/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.removeCategory, { actor: actorOf(request), id: request.params.id });
    return ok(null, SERVICE_MESSAGES.categoryDeleted);
  });

  // Items.
  app.get("/admin-api.php/service-items", { config: { access: "admin" } }, async () => ok(await services.listItems()));
  app.post("/admin-api.php/service-items", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.createItem, { actor: actorOf(request), input: request.body }), SERVICE_MESSAGES.itemCreated),
  );
  app.put("/admin-api.php/service-items/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.reorderItems, { actor: actorOf(request), input: request.body }), "排序已更新"),
  );
  app.get<IdParams>("/admin-api.php/service-items/:id", { config: { access: "admin" } }, async (request) => ok(await services.getItem(request.params.id)));
  app.put<IdParams>("/admin-api.php/service-items/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.updateItem, { actor: actorOf(request), id: request.params.id, input: request.body }), SERVICE_MESSAGES.itemUpdated),
  );
  app.delete<IdParams>("/admin-api.php/service-items/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.removeItem, { actor: actorOf(request), id: request.params.id });
    return ok(null, SERVICE_MESSAGES.itemDeleted);
  });

  // Every service as the pages' cards show it: the pages screen's choosers and preview (decision 031).
  app.get("/admin-api.php/service-cards", { config: { access: "admin" } }, async () => ok(await services.cardSources()));

  // An item's case images.
  app.get<ServiceQuery>("/admin-api.php/service-images", { config: { access: "admin" } }, async (request) => ok(await services.listImages(request.query.service_id)));
  app.post("/admin-api.php/service-images", { config: { access: "admin" } }, async (request) =>
    ok((await run(operations.addImage, { actor: actorOf(request), input: request.body })).image, SERVICE_MESSAGES.imageAdded),
  );
  app.put<ServiceQuery>("/admin-api.php/service-images/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.reorderImages, { actor: actorOf(request), id: request.query.service_id, input: request.body }), "排序已更新"),
  );
  app.delete<IdParams>("/admin-api.php/service-images/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.removeImage, { actor: actorOf(request), id: request.params.id });
    return ok(null, SERVICE_MESSAGES.imageDeleted);
  });
};
