// Receives the chat's attachment (POST /admin-api.php/upload-line-file): one
// `file` part into a scratch file of the storage, and the text fields sent
// with it in whatever order the browser put them. The size limit is enforced
// while streaming: a file cut off at the limit is discarded and answered 413.
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { CUSTOMER_MESSAGES } from "#contract/customers.ts";
import type { FileStorage, ScratchFile } from "#server/integrations/storage.ts";
import { AppError, badRequest } from "#server/lib/errors.ts";
import { cleanOriginalName, type ReceivedUpload } from "#server/modules/media/media.service.ts";

const chooseFile = () => badRequest("請選擇要上傳的檔案", { file: "請選擇要上傳的檔案" });

export async function receiveLineFile(request: FastifyRequest, storage: FileStorage): Promise<{ upload: ReceivedUpload; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest("請以 multipart/form-data 上傳檔案", { file: "請選擇要上傳的檔案" });
  const fields: Record<string, string> = {};
  let upload: ReceivedUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== "file" || upload) {
        part.file.resume();
        continue;
      }
      let file: ScratchFile;
      try {
        file = await storage.receive(part.file);
      } catch {
        // A body that ends mid-file (a dropped connection, a broken client) is the client's fault.
        throw badRequest("上傳中斷，檔案不完整，請重新上傳", { file: "上傳中斷，檔案不完整" });
      }
      upload = { file, originalName: cleanOriginalName(part.filename) };
      if (part.file.truncated) throw new AppError(413, CUSTOMER_MESSAGES.fileTooLarge);
    }
  } catch (error) {
    await upload?.file.discard();
    throw error;
  }
  if (!upload) throw chooseFile();
  if (upload.file.size === 0) {
    await upload.file.discard();
    throw badRequest("檔案是空的", { file: "檔案是空的" });
  }
  return { upload, fields };
}
