import type { FastifyPluginAsync } from "fastify";
import { currentAdmin } from "#server/lib/access.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { CannedRepliesService } from "./canned-replies.service.ts";

type IdParams = { Params: { id: string } };

export const cannedRepliesRoutes: FastifyPluginAsync<{ cannedReplies: CannedRepliesService }> = async (app, { cannedReplies }) => {
  app.get("/admin-api.php/line-canned-replies", { config: { access: "admin" } }, async () => ok(await cannedReplies.list()));

  app.post("/admin-api.php/line-canned-replies", { config: { access: "admin" } }, async (request) =>
    ok(await cannedReplies.create(request.body, currentAdmin(request).id), "常用回覆已新增"),
  );

  app.put("/admin-api.php/line-canned-replies/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await cannedReplies.reorder(request.body, currentAdmin(request).id), "排序已更新"),
  );

  app.put<IdParams>("/admin-api.php/line-canned-replies/:id", { config: { access: "admin" } }, async (request) =>
    ok(await cannedReplies.update(request.params.id, request.body, currentAdmin(request).id), "常用回覆已更新"),
  );

  app.delete<IdParams>("/admin-api.php/line-canned-replies/:id", { config: { access: "admin" } }, async (request) => {
    await cannedReplies.remove(request.params.id, currentAdmin(request).id);
    return ok(null, "常用回覆已刪除");
  });
};
