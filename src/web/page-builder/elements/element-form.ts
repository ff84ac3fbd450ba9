// An element dialog's check (issue 24): the element's own contract schema,
// whose refusals are already in words, keyed by field (an item of a list as
// `items.2`), plus the few rules only the dialog makes.
import type { z } from "zod";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";

type Issue = { path: readonly PropertyKey[]; message: string };

/** The first message per field: `title`, `items.2`; a refusal of the whole element under `_`. */
export function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

export type ElementCheck<E> = { ok: true; element: E } | { ok: false; errors: FieldErrors };

/** The candidate through the schema, and the dialog's own rules on top (their words win on the same field). */
export function checkElement<E>(schema: z.ZodType<E, unknown>, candidate: unknown, dialogErrors: FieldErrors = {}): ElementCheck<E> {
  const parsed = schema.safeParse(candidate);
  const errors = { ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)), ...dialogErrors };
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, element: parsed.data };
}

/** A number typed in a field; anything else is NaN, which the schema refuses in its words (高度必須是數字). */
export const numberFrom = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
