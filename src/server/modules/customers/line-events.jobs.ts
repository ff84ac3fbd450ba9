// The LINE inbox's jobs: a customer's profile and a file a customer sent are
// fetched from LINE (outside any transaction) and stored by their operations;
// a send without LINE's answer after a few minutes is marked failed. A file is
// streamed (never held whole) with a byte cap and a time limit (decision 022).
import type { FileStorage, ScratchFile } from "#server/integrations/storage.ts";
import { ContentTooLargeError, LineApiError, type LineApi } from "#server/integrations/line.ts";
import type { JobQueue } from "#server/jobs/job-queue.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { systemActor } from "#server/lib/operations.ts";
import { CHECK_STALE_SENDS, type CustomersOperations } from "./customers.operations.ts";
import type { LineEventsOperations } from "./line-events.operations.ts";
import { lineEventsRepo } from "./line-events.repo.ts";
import {
  CONTENT_DOWNLOAD_MS,
  CONTENT_TOO_LARGE,
  DOWNLOAD_ATTEMPTS,
  DOWNLOAD_CONTENT,
  FETCH_PROFILE,
  MAX_CONTENT_BYTES,
  contentKey,
  storedExtensionOf,
} from "./line-events.ts";

export interface LineJobsDeps {
  jobs: Pick<JobQueue, "register">;
  run: RunOperation;
  operations: { events: LineEventsOperations; customers: Pick<CustomersOperations, "failStaleSends"> };
  line: LineApi;
  storage: FileStorage;
  logger: Logger;
  /** The channel's access token (settings); empty when LINE is not set up. */
  accessToken: () => Promise<string>;
  clock?: () => Date;
}

class MissingTokenError extends Error {
  constructor() {
    super("尚未設定 LINE Channel Access Token，無法下載客戶傳來的檔案");
  }
}

/** LINE could not be reached at all (no answer, a broken connection). */
class LineUnreachableError extends Error {
  constructor(cause: unknown) {
    super("無法連線到 LINE", { cause });
  }
}

/** What the chat says in place of a file after the last failed try, in words. */
function finalReason(error: unknown): string {
  if (error instanceof LineApiError || error instanceof LineUnreachableError) return `無法從 LINE 取得這個檔案：${error.message}`;
  if (error instanceof MissingTokenError) return "無法從 LINE 取得這個檔案：尚未設定 LINE Channel Access Token";
  return "這個檔案無法保存在後台，請客戶重新傳送";
}

export function registerLineJobs(deps: LineJobsDeps) {
  const { jobs, run, operations, line, storage, logger } = deps;
  const clock = deps.clock ?? (() => new Date());

  jobs.register<{ user_id: string }>(FETCH_PROFILE, async ({ user_id }) => {
    const token = await deps.accessToken();
    if (!token) throw new Error("尚未設定 LINE Channel Access Token，無法讀取客戶的 LINE 個人資料");
    const profile = await line.profile({ token, userId: user_id });
    await run(operations.events.saveProfile, { actor: systemActor(FETCH_PROFILE), input: { userId: user_id, profile } });
  });

  const refuse = (messageId: number, reason: string) => run(operations.events.refuseContent, { actor: systemActor(DOWNLOAD_CONTENT), input: { messageId, reason } });

  jobs.register<{ message_id: number; line_message_id: string; file_name: string; file_size?: number }>(DOWNLOAD_CONTENT, async (payload, context) => {
    const { message_id, file_size } = payload;
    const row = await lineEventsRepo.message(context.db, message_id);
    // Deleted with its customer, already fetched by an earlier run, or given up: nothing to do.
    if (!row || row.media_url || row.media_error) return;
    // LINE said how big it is: a file over the cap is refused before a byte is fetched.
    if (file_size !== undefined && file_size > MAX_CONTENT_BYTES) {
      logger.warn({ messageId: message_id, bytes: file_size }, "a file a LINE customer sent is too large to keep; it stays in LINE");
      return refuse(message_id, CONTENT_TOO_LARGE);
    }
    // Tried again later (LINE away, a stalled download, storage away); after the last try the message says why.
    try {
      await download(payload);
    } catch (error) {
      if (error instanceof ContentTooLargeError) {
        logger.warn({ messageId: message_id }, "a file a LINE customer sent is too large to keep; its download was cut at the limit");
        return refuse(message_id, CONTENT_TOO_LARGE);
      }
      if (context.attempt >= DOWNLOAD_ATTEMPTS) return refuse(message_id, finalReason(error));
      throw error;
    }
  });

  async function download({ message_id, line_message_id, file_name }: { message_id: number; line_message_id: string; file_name: string }) {
    const token = await deps.accessToken();
    if (!token) throw new MissingTokenError();
    let scratch: ScratchFile;
    try {
      const content = await line.content({ token, messageId: line_message_id, maxBytes: MAX_CONTENT_BYTES, timeoutMs: CONTENT_DOWNLOAD_MS });
      // Straight into the storage's scratch file: memory holds one chunk at a time.
      scratch = await storage.receive(content.body);
    } catch (error) {
      throw error instanceof LineApiError || error instanceof ContentTooLargeError ? error : new LineUnreachableError(error);
    }
    try {
      const key = contentKey(await storedExtensionOf(scratch), clock());
      await storage.putFile(key, scratch, file_name ? { downloadName: file_name } : {});
      await run(operations.events.keepContent, { actor: systemActor(DOWNLOAD_CONTENT), input: { messageId: message_id, url: storage.urlOf(key) } });
    } finally {
      await scratch.discard();
    }
  }

  jobs.register(CHECK_STALE_SENDS, async () => {
    await run(operations.customers.failStaleSends, { actor: systemActor(CHECK_STALE_SENDS) });
  });
}
