// 備份與還原 over HTTP (issue 26), administrators only, but for the download
// itself and a restore's progress: an administrator asks for a link, and the
// browser follows it without the bearer token (download-ticket.ts); a restore
// signs everyone out, so its progress is read with the ticket its start gave.
// The download streams the archive a name in the list names (nothing else in
// any folder) from disk. A restore streams the uploaded archive to a private
// dot file beside the backups (at most 2 GB, 413 beyond) with the
// administrator's password in the same form, and answers 202 as soon as it is
// in: the restore itself runs in the background (backups.service.ts).
//
// Time: 2 GB take longer than the server's 5-minute whole-request timeout on
// most connections, so this route has its own: an hour for the whole upload
// (2 GB at 4.6 Mbit/s), while the 60-second idle timeout still ends a client
// that stops sending. A proxy in front needs as much (docs/deploy.md).
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type {} from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { BACKUP_MESSAGES, BACKUP_TICKET_PARAM, RESTORE_MAX_BYTES } from "#contract/backups.ts";
import { contentDisposition } from "#server/integrations/storage.ts";
import { adminActorOf } from "#server/lib/access.ts";
import { AppError, badRequest } from "#server/lib/errors.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { allowLongBody } from "#server/lib/request-limits.ts";
import { ok } from "#server/lib/success-envelope.ts";
import { cleanOriginalName } from "#server/modules/media/upload-receiver.ts";
import { ensurePrivateFolder, PRIVATE_FILE_MODE } from "./backup-folder.ts";
import type { BackupsOperations } from "./backups.operations.ts";
import type { BackupsService, UploadedArchive } from "./backups.service.ts";

/** The multipart form around the archive (a password and a file) is far smaller than this. */
const FORM_OVERHEAD = 64 * 1024;
/** How long the whole upload of an archive to restore may take. */
export const RESTORE_UPLOAD_MS = 60 * 60_000;

const tooLarge = () => new AppError(413, BACKUP_MESSAGES.tooLarge, { file: BACKUP_MESSAGES.tooLarge }, { connection: "close" });

/**
 * The uploaded archive on disk (a private dot file the backups list never shows), once the password
 * sent beside it is checked. A password sent before the file (as the screen sends it) is checked
 * before the file is read: a wrong one, or a backup running, does not cost the upload.
 */
async function receiveArchive(request: FastifyRequest, scratchDir: string, check: (password: string) => Promise<void>): Promise<UploadedArchive> {
  const needFile = () => badRequest(BACKUP_MESSAGES.fileNeeded, { file: BACKUP_MESSAGES.fileNeeded });
  if (!request.isMultipart()) throw needFile();
  const announced = Number(request.headers["content-length"]);
  if (Number.isFinite(announced) && announced > RESTORE_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
  await ensurePrivateFolder(scratchDir);
  let received: UploadedArchive | undefined;
  let checked = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: RESTORE_MAX_BYTES, files: 1, fields: 4 } })) {
      if (part.type === "field") {
        if (part.fieldname === "password" && !checked) {
          await check(String(part.value));
          checked = true;
        }
        continue;
      }
      if (part.fieldname !== "file" || received) {
        part.file.resume();
        continue;
      }
      received = { path: path.join(scratchDir, `.restore-${randomBytes(8).toString("hex")}.tar.gz`), name: cleanOriginalName(part.filename) };
      try {
        await pipeline(part.file, createWriteStream(received.path, { flags: "wx", mode: PRIVATE_FILE_MODE }));
      } catch {
        throw badRequest("上傳中斷，備份檔不完整，請重新上傳", { file: "上傳中斷，備份檔不完整" });
      }
      if (part.file.truncated) throw tooLarge();
    }
    if (!received) throw needFile();
    // Sent after the file, or not at all.
    if (!checked) await check("");
  } catch (error) {
    if (received) await rm(received.path, { force: true });
    throw error;
  }
  return received;
}

export const backupsRoutes: FastifyPluginAsync<{ backups: BackupsService; operations: BackupsOperations; run: RunOperation }> = async (app, { backups, operations, run }) => {
  app.get("/admin-api.php/backups", { config: { access: "admin" } }, async () => ok(await backups.overview()));

  app.get("/admin-api.php/backups/latest", { config: { access: "admin" } }, async () => ok(await backups.summary()));

  // The archive is made by a job; the screen follows the run in the list (備份中… → 成功 / 失敗).
  app.post("/admin-api.php/backups", { config: { access: "admin" } }, async (request, reply) => {
    const started = await run(operations.start, { actor: adminActorOf(request) });
    return reply.code(202).send(ok(started, BACKUP_MESSAGES.started));
  });

  app.post<{ Params: { name: string } }>("/admin-api.php/backups/files/:name/download-link", { config: { access: "admin" } }, async (request) =>
    ok(await backups.downloadLink(request.params.name, adminActorOf(request).admin)),
  );

  // Public, for the browser's own download: the link's ticket stands for the token (401 without a
  // valid, unused one for this name). No HEAD twin, which would spend the ticket for nothing.
  // Already compressed: the compression plugin is kept out, and the length is known.
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    "/admin-api.php/backups/files/:name",
    { config: { access: "public" }, compress: false, exposeHeadRoute: false },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const archive = await backups.ticketedArchive(request.params.name, request.query[BACKUP_TICKET_PARAM]);
      return reply
        .header("content-type", "application/gzip")
        .header("content-length", archive.size)
        .header("content-disposition", contentDisposition("attachment", archive.name))
        .send(createReadStream(archive.path));
    },
  );

  app.delete<{ Params: { name: string } }>("/admin-api.php/backups/files/:name", { config: { access: "admin" } }, async (request) => {
    await run(operations.remove, { actor: adminActorOf(request), id: request.params.name });
    return ok(null, BACKUP_MESSAGES.deleted);
  });

  // Answers 202 once the archive is in and the password checked; the screen follows the restore at status_url.
  app.post("/admin-api.php/backups/restore", { config: { access: "admin" } }, async (request, reply) => {
    allowLongBody(request, RESTORE_UPLOAD_MS);
    const actor = adminActorOf(request);
    const upload = await receiveArchive(request, backups.backupDir, (password) => backups.checkBeforeRestore(actor, password));
    let started;
    try {
      started = await backups.startRestore(actor, upload);
    } catch (error) {
      await rm(upload.path, { force: true });
      throw error;
    }
    return reply.code(202).send(ok(started, BACKUP_MESSAGES.restoreStarted));
  });

  // Public: the restore signs everyone out, the one who started it included. The ticket stands for the session (404 without it).
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    "/admin-api.php/backups/restores/:id",
    { config: { access: "public" }, exposeHeadRoute: false },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await backups.restoreProgress(Number(request.params.id), request.query[BACKUP_TICKET_PARAM]));
    },
  );
};
