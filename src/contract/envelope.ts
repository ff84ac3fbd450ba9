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

export const paginationSchema = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;
