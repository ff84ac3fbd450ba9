// The JSON envelope of every API answer (CONTRACT.md).

export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiFailure = { success: false; message: string; errors?: Record<string, string> };
export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;
