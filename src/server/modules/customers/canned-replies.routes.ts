import type { FastifyPluginAsync } from "fastify";
import type { CannedReply } from "#contract/customers.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { CannedRepliesOperations } from "./canned-replies.operations.ts";

type IdParams = { Params: { id: string } };

export const cannedRepliesRoutes: FastifyPluginAsync<{ list: () => Promise<CannedReply[]>; operations: CannedRepliesOperations; run: RunOperation }> = async (
  app,
  { list, operations, run },
) => {
  app.get("/admin-api.php/line-canned-replies", { config: { access: "admin" } }, async () => ok(await list()));

  app.post("/admin-api.php/line-canned-replies", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.create, { actor: actorOf(request), input: request.body }), "常用回覆已新增"),
  );

  app.put("/admin-api.php/line-canned-replies/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.reorder, { actor: actorOf(request), input: request.body }), "排序已更新"),
  );

  app.put<IdParams>("/admin-api.php/line-canned-replies/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.update, { actor: actorOf(request), id: request.params.id, input: request.body }), "常用回覆已更新"),
  );

  app.delete<IdParams>("/admin-api.php/line-canned-replies/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.remove, { actor: actorOf(request), id: request.params.id });
    return ok(null, "常用回覆已刪除");
  });
};
