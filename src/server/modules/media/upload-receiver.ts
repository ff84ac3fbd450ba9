// Receives one multipart file into a scratch file of the storage, with the text
// fields sent beside it in whatever order the browser put them (the media
// library's uploads and the LINE chat's attachment alike). The size limit is
// enforced while streaming: a file cut off at the limit is discarded and
// answered 413, so no partial file is ever kept. The client's file name is kept
// only as data, never as a path.
import path from "node:path";
import type {} from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FileStorage, ScratchFile } from "#server/integrations/storage.ts";
import { AppError, badRequest } from "#server/lib/errors.ts";

export interface ReceivedUpload {
  file: ScratchFile;
  originalName: string;
}

export interface UploadPart {
  /** The form field the file comes in (other file parts are passed over). */
  field: string;
  maxBytes: number;
  /** The 413's message, in words. */
  tooLarge: string;
}

/** The name the visitor's computer gave the file, kept only as data. */
export function cleanOriginalName(name: string | undefined): string {
  const base = path.posix.basename(String(name ?? "").replace(/\\/g, "/"));
  return base.replace(/[\u0000-\u001f<>]/g, "").trim().slice(0, 200);
}

export async function receiveUpload(request: FastifyRequest, storage: FileStorage, part: UploadPart): Promise<{ upload: ReceivedUpload; fields: Record<string, string> }> {
  const { field } = part;
  const chooseFile = () => badRequest("請選擇要上傳的檔案", { [field]: "請選擇要上傳的檔案" });
  if (!request.isMultipart()) throw badRequest("請以 multipart/form-data 上傳檔案", { [field]: "請選擇要上傳的檔案" });
  const fields: Record<string, string> = {};
  let upload: ReceivedUpload | undefined;
  try {
    for await (const entry of request.parts({ limits: { fileSize: part.maxBytes, files: 1 } })) {
      if (entry.type === "field") {
        fields[entry.fieldname] = String(entry.value);
        continue;
      }
      if (entry.fieldname !== field || upload) {
        entry.file.resume();
        continue;
      }
      let file: ScratchFile;
      try {
        file = await storage.receive(entry.file);
      } catch {
        // A body that ends mid-file (a dropped connection, a broken client) is the client's fault.
        throw badRequest("上傳中斷，檔案不完整，請重新上傳", { [field]: "上傳中斷，檔案不完整" });
      }
      upload = { file, originalName: cleanOriginalName(entry.filename) };
      if (entry.file.truncated) throw new AppError(413, part.tooLarge);
    }
  } catch (error) {
    await upload?.file.discard();
    throw error;
  }
  if (!upload) throw chooseFile();
  if (upload.file.size === 0) {
    await upload.file.discard();
    throw badRequest("檔案是空的", { [field]: "檔案是空的" });
  }
  return { upload, fields };
}
