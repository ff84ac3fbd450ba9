// The chat's attachments: an image (made the way LINE takes it, with its
// preview beside it) or a PDF, kept in the storage under /uploads/ so that LINE
// and the customer can fetch them from the site's address for good.
import { randomBytes } from "node:crypto";
import { CUSTOMER_MESSAGES, LINE_FILE_MAX_BYTES, type UploadedLineFile } from "#contract/customers.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { AppError } from "#server/lib/errors.ts";
import { detectFileType } from "#server/modules/media/file-type.ts";
import type { ReceivedUpload } from "#server/modules/media/upload-receiver.ts";
import { prepareLineImage } from "./line-image.ts";
import { previewKeyOf } from "./line-send.ts";

export async function storeLineFile(storage: FileStorage, received: ReceivedUpload, now: Date): Promise<UploadedLineFile> {
  const stored: string[] = [];
  try {
    const detected = detectFileType(await received.file.head(64));
    if (!detected || (detected.kind !== "image" && detected.kind !== "pdf")) throw new AppError(415, CUSTOMER_MESSAGES.fileTypeRefused);
    if (received.file.size > LINE_FILE_MAX_BYTES) throw new AppError(413, CUSTOMER_MESSAGES.fileTooLarge);

    const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    // `line-`: the chat's files are told apart from the media library's by their names too (decision 022).
    const name = `line-${randomBytes(10).toString("hex")}`;
    if (detected.kind === "pdf") {
      const key = `${folder}/${name}.pdf`;
      await storage.putFile(key, received.file, received.originalName ? { downloadName: received.originalName } : {});
      return { url: storage.urlOf(key), file_name: received.originalName || `${name}.pdf`, kind: "file" };
    }
    const image = await prepareLineImage(received.file.path, detected.mime);
    const key = `${folder}/${name}.${image.extension}`;
    await storage.putBuffer(key, image.original);
    stored.push(key);
    await storage.putBuffer(previewKeyOf(key), image.preview);
    stored.push(previewKeyOf(key));
    return { url: storage.urlOf(key), file_name: received.originalName || `${name}.${image.extension}`, kind: "image" };
  } catch (error) {
    // No half-stored image: an original without its preview is removed.
    for (const key of stored) await storage.remove(key).catch(() => {});
    throw error;
  } finally {
    await received.file.discard();
  }
}
