import type { FastifyPluginAsync } from "fastify";
import { cleanupMoreWords, MAX_CLEANUP_FILES, MEDIA_DELETE_MESSAGES, UPLOAD_RULES } from "#contract/media.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { MediaOperations } from "./media.operations.ts";
import type { MediaService } from "./media.service.ts";
import { sizeRefusal, type UploadRules } from "./media.service.ts";
import { receiveUpload } from "./upload-receiver.ts";

/** An upload for one of the media library's places: the file field and the largest file the place takes. */
const partFor = (field: string, rules: UploadRules) => {
  const maxBytes = Math.max(rules.maxImageBytes, rules.maxVideoBytes);
  return { field, maxBytes, tooLarge: sizeRefusal(maxBytes) };
};

type IdParams = { Params: { id: string } };

export const mediaRoutes: FastifyPluginAsync<{ media: MediaService; operations: MediaOperations; run: RunOperation; storage: FileStorage }> = async (
  app,
  { media, operations, run, storage },
) => {
  app.get("/admin-api.php/media", { config: { access: "admin" } }, async () => ok(await media.list()));

  app.post("/admin-api.php/media", { config: { access: "admin" } }, async (request) => {
    const { upload } = await receiveUpload(request, storage, partFor("file", UPLOAD_RULES.library));
    return ok(await media.upload(upload, UPLOAD_RULES.library, actorOf(request)), "上傳成功");
  });

  // The settings screen's logo, favicon and share image: images only, 5 MB.
  app.post("/admin-api.php/upload", { config: { access: "admin" } }, async (request) => {
    const { upload } = await receiveUpload(request, storage, partFor("image", UPLOAD_RULES.settingsImage));
    const file = await media.upload(upload, UPLOAD_RULES.settingsImage, actorOf(request));
    return ok({ ...file, path: file.file_path, url: file.file_url }, "上傳成功");
  });

  // A banner's image or video; the `folder` field names the purpose, never a path.
  app.post("/api.php/upload", { config: { access: "admin" } }, async (request) => {
    const { upload } = await receiveUpload(request, storage, partFor("image", UPLOAD_RULES.banner));
    const file = await media.upload(upload, UPLOAD_RULES.banner, actorOf(request));
    return ok({ ...file, path: file.file_path, url: file.file_url }, "上傳成功");
  });

  app.put<IdParams>("/admin-api.php/media/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.updateAlt, { actor: actorOf(request), id: request.params.id, input: request.body }), "已儲存替代文字"),
  );

  // The trash (decision 024): files cleanup moved there, restorable for 30 days.
  app.get("/admin-api.php/media/trash", { config: { access: "admin" } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return ok(await media.listTrash());
  });
  app.post<IdParams>("/admin-api.php/media/:id/restore", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.restore, { actor: actorOf(request), id: request.params.id }), "檔案已還原到媒體庫"),
  );

  // From the library to the trash or, as 永久刪除, out of the trash: refused while anything uses the file.
  app.delete<IdParams>("/admin-api.php/media/:id", { config: { access: "admin" } }, async (request) => {
    const outcome = await run(operations.remove, { actor: actorOf(request), id: request.params.id });
    return ok(null, MEDIA_DELETE_MESSAGES[outcome]);
  });

  // A preview of more files than one cleanup takes says so in its message too, for a client that reads only that.
  app.post("/admin-api.php/media/cleanup-unused", { config: { access: "admin" } }, async (request) => {
    const result = await run(operations.cleanup, { actor: actorOf(request), input: request.body ?? {} });
    return ok(result, result.unused_more_count > 0 ? `一次最多清理 ${MAX_CLEANUP_FILES} 個檔案，已列出其中 ${result.unused_files.length} 個。${cleanupMoreWords(result.unused_more_count)}` : "清理完成");
  });
};
