// Turns every failure into the envelope of CONTRACT.md. Internals never leak:
// a 500 says only that something failed and carries the request id.
import type { FastifyError, FastifyInstance } from "fastify";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "./database-errors.ts";
import { AppError } from "./errors.ts";
import { VALIDATION_MESSAGE } from "./validation.ts";

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, "request failed");
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send({ success: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ success: false, message: error.message || "嘗試次數過多，請稍後再試" });
    // The rest of an oversized body is not read: the connection ends with the answer.
    if (status === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return reply.code(413).header("connection", "close").send({ success: false, message: "資料量過大" });
    if (status === 415) return reply.code(415).send({ success: false, message: "不支援的資料格式" });
    if (status >= 400 && status < 500) {
      // Malformed JSON and the like: the client's fault, said plainly.
      const message = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.name === "SyntaxError" ? "資料格式不正確，請確認送出的 JSON" : VALIDATION_MESSAGE;
      return reply.code(status).send({ success: false, message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "the database is unavailable");
      return reply.code(503).header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS)).send({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.code(500).send({ success: false, message: `系統發生錯誤，請稍後再試（代碼 ${request.id}）` });
  });
}
