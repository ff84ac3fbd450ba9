import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import { CUSTOMER_MESSAGES, LINE_FILE_MAX_BYTES } from "#contract/customers.ts";
import { receiveUpload } from "#server/modules/media/upload-receiver.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { CannedRepliesOperations } from "./canned-replies.operations.ts";
import { cannedRepliesRoutes } from "./canned-replies.routes.ts";
import type { CustomersOperations } from "./customers.operations.ts";
import type { CustomersService } from "./customers.service.ts";
import { httpsRequestOrigin } from "./line-send.ts";

type IdParams = { Params: { id: string } };

export interface CustomersRoutesOptions {
  customers: CustomersService;
  operations: { customers: CustomersOperations; cannedReplies: CannedRepliesOperations };
  run: RunOperation;
  storage: FileStorage;
}

export const customersRoutes: FastifyPluginAsync<CustomersRoutesOptions> = async (app, { customers, operations, run, storage }) => {
  app.get("/admin-api.php/customers", { config: { access: "admin" } }, async (request) => ok(await customers.list(request.query)));

  app.get<IdParams>("/admin-api.php/customers/:id", { config: { access: "admin" } }, async (request) =>
    ok(await customers.conversation(request.params.id, request.query)),
  );

  app.put<IdParams>("/admin-api.php/customers/:id/messages/read", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.customers.markRead, { actor: actorOf(request), id: request.params.id })),
  );

  app.put<IdParams>("/admin-api.php/customers/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.customers.update, { actor: actorOf(request), id: request.params.id, input: request.body }), CUSTOMER_MESSAGES.customerUpdated),
  );

  app.delete<IdParams>("/admin-api.php/customers/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.customers.remove, { actor: actorOf(request), id: request.params.id });
    return ok(null, CUSTOMER_MESSAGES.customerDeleted);
  });

  app.post<IdParams>("/send-line-message.php/:id", { config: { access: "admin" } }, async (request) => {
    const sent = await customers.send(request.params.id, request.body, actorOf(request), httpsRequestOrigin(request));
    return ok({ message: sent.message }, sent.notice);
  });

  app.post<{ Params: { id: string; messageId: string } }>("/admin-api.php/customers/:id/messages/:messageId/resend", { config: { access: "admin" } }, async (request) => {
    const sent = await customers.resend(request.params.id, request.params.messageId, actorOf(request), httpsRequestOrigin(request));
    return ok({ message: sent.message }, sent.notice);
  });

  await app.register(async (uploads) => {
    // Multipart only for the chat's attachment: one file of at most 10 MB beside a few fields.
    await uploads.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 8, fileSize: LINE_FILE_MAX_BYTES } });
    uploads.post("/admin-api.php/upload-line-file", { config: { access: "admin" } }, async (request) => {
      const { upload, fields } = await receiveUpload(request, storage, { field: "file", maxBytes: LINE_FILE_MAX_BYTES, tooLarge: CUSTOMER_MESSAGES.fileTooLarge });
      return ok(await customers.uploadFile(upload, fields), "上傳成功");
    });
  });

  await app.register(cannedRepliesRoutes, { list: customers.cannedReplies, operations: operations.cannedReplies, run });
};
