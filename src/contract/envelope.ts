// The JSON envelope of every API answer (CONTRACT.md).
import { z } from "zod";

export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiFailure = { success: false; message: string; errors?: Record<string, string> };
export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;

export const apiFailureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
