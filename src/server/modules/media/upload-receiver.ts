// Receives one multipart file into a scratch file of the storage. The size limit
// is enforced while streaming: a file cut off at the limit is discarded and
// answered 413, so no partial file is ever kept. The client's file name never
// becomes a path.
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FileStorage, ScratchFile } from "#server/integrations/storage.ts";
import { AppError, badRequest } from "#server/lib/errors.ts";
import { cleanOriginalName, sizeRefusal, type ReceivedUpload, type UploadRules } from "./media.service.ts";

export async function receiveUpload(request: FastifyRequest, field: string, rules: UploadRules, storage: FileStorage): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest("請以 multipart/form-data 上傳檔案", { [field]: "請選擇要上傳的檔案" });
  const maxBytes = Math.max(rules.maxImageBytes, rules.maxVideoBytes);
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw badRequest("請選擇要上傳的檔案", { [field]: "請選擇要上傳的檔案" });
  if (part.fieldname !== field) {
    part.file.resume();
    throw badRequest(`檔案欄位必須是 ${field}`, { [field]: "請選擇要上傳的檔案" });
  }
  let file: ScratchFile;
  try {
    file = await storage.receive(part.file);
  } catch {
    // A body that ends mid-file (a dropped connection, a broken client) is the client's fault.
    throw badRequest("上傳中斷，檔案不完整，請重新上傳", { [field]: "上傳中斷，檔案不完整" });
  }
  if (part.file.truncated) {
    await file.discard();
    throw new AppError(413, sizeRefusal(maxBytes));
  }
  if (file.size === 0) {
    await file.discard();
    throw badRequest("檔案是空的", { [field]: "檔案是空的" });
  }
  return { file, originalName: cleanOriginalName(part.filename) };
}
