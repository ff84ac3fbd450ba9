import type { FastifyInstance } from "fastify";
import { UPLOAD_RULES } from "#contract/media.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { currentAdmin, type AdminGuard } from "#server/lib/auth-guard.ts";
import { ok } from "#server/lib/envelope.ts";
import type { MediaService } from "./media.service.ts";
import { receiveUpload } from "./upload-receiver.ts";

type IdParams = { Params: { id: string } };

// /admin-api.php routes sit behind the prefix guard (modules/index.ts); the
// banner upload under /api.php takes the guard explicitly.
export function mediaRoutes(app: FastifyInstance, deps: { media: MediaService; storage: FileStorage; requireAdmin: AdminGuard }) {
  const { media, storage, requireAdmin } = deps;

  app.get("/admin-api.php/media", async () => ok(await media.list()));

  app.post("/admin-api.php/media", async (request) => {
    const received = await receiveUpload(request, "file", UPLOAD_RULES.library, storage);
    return ok(await media.upload(received, UPLOAD_RULES.library, currentAdmin(request).id), "上傳成功");
  });

  // Settings logo and favicon (001 section 5): images only, 5 MB.
  app.post("/admin-api.php/upload", async (request) => {
    const received = await receiveUpload(request, "image", UPLOAD_RULES.settingsImage, storage);
    const file = await media.upload(received, UPLOAD_RULES.settingsImage, currentAdmin(request).id);
    return ok({ ...file, path: file.file_path, url: file.file_url }, "上傳成功");
  });

  // Banner image or video (002 section 7); the `folder` field names the purpose, never a path.
  app.post("/api.php/upload", { preHandler: requireAdmin }, async (request) => {
    const received = await receiveUpload(request, "image", UPLOAD_RULES.banner, storage);
    const file = await media.upload(received, UPLOAD_RULES.banner, currentAdmin(request).id);
    return ok({ ...file, path: file.file_path, url: file.file_url }, "上傳成功");
  });

  app.put<IdParams>("/admin-api.php/media/:id", async (request) => ok(await media.updateAlt(request.params.id, request.body), "已儲存替代文字"));

  app.delete<IdParams>("/admin-api.php/media/:id", async (request) => {
    await media.remove(request.params.id, currentAdmin(request).id);
    return ok(null, "檔案已刪除");
  });

  app.post("/admin-api.php/media/cleanup-unused", async (request) => ok(await media.cleanup(request.body, currentAdmin(request).id), "清理完成"));
}
