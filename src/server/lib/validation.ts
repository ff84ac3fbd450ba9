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

export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(VALIDATION_MESSAGE, fieldErrors(result.error));
  return result.data;
}
