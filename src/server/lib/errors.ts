// Errors a service may throw; the error handler turns them into the envelope.
export class AppError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers?: Record<string, string>;
  constructor(status: number, message: string, errors?: Record<string, string>, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message = "請先登入後台管理系統") => new AppError(401, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new AppError(409, message, errors);
export const tooMany = (message: string) => new AppError(429, message);
