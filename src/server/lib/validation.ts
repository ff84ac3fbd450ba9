// zod failures become 400 answers with one Traditional Chinese message per field.
import { z } from "zod";
import { badRequest } from "./errors.ts";

// Built-in messages for rules that carry no message of their own.
z.config(z.locales.zhTW());

export const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) errors[[...issue.path, key].join(".")] ??= issue.message;
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.join(".") : "_";
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Validates input or throws a 400. `summary: "first"` makes the answer's message
 * the first rule's own text, for forms whose spec shows one message at a time.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, options: { summary?: "first" } = {}): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw badRequest(options.summary === "first" ? (Object.values(errors)[0] ?? VALIDATION_MESSAGE) : VALIDATION_MESSAGE, errors);
  }
  return result.data;
}
