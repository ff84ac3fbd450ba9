// Service types as the cases screen manages them, without a browser (001 §3,
// §4, §5, §8, §9): the new-type and rename forms (checked with the contract's
// schemas), what each row says about itself, the case form's dropdown, and
// the failure messages in the spec's words.
import { serviceTypeInputSchema, serviceTypeUpdateSchema, type ServiceType } from "#contract/service-types.ts";
import { ApiError, NETWORK_ERROR_MESSAGE } from "#web/admin/shared/api-client.ts";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";

export const SERVICE_TYPES_PATH = "/admin-api.php/service-types";
export const SERVICE_TYPES_QUERY_KEY = ["admin", "service-types"] as const;

export const SERVICE_TYPE_TEXT = {
  loadFailed: "載入服務類型失敗",
  automatic: "自動同步",
  automaticHelp: "由「服務管理」的服務項目與服務項目頁面自動同步，無法在此修改或刪除",
  deleteQuestion: "確定要刪除這個服務類型嗎？",
  choose: "請選擇服務類型",
  missing: "（已刪除的服務類型）",
} as const;

function firstByField(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "_")] ??= issue.message;
  return errors;
}

/** Code and name both required, trimmed (001 §5); a duplicate is the server's to say. */
export function validateNewType(values: { value: string; label: string }): FieldErrors {
  const result = serviceTypeInputSchema.safeParse(values);
  return result.success ? {} : firstByField(result.error.issues);
}

/** A rename needs a name (001 §5). */
export function validateRename(label: string): string {
  const result = serviceTypeUpdateSchema.safeParse({ label });
  return result.success ? "" : (result.error.issues[0]?.message ?? "");
}

/** 3 個案例使用中 / 尚無案例使用. */
export const caseCountLabel = (type: Pick<ServiceType, "case_count">) => (type.case_count > 0 ? `${type.case_count} 個案例使用中` : "尚無案例使用");

/** What the delete confirmation lists: the type's name, and the cases still using it. */
export const deleteConfirmItem = (type: Pick<ServiceType, "label" | "case_count">) => (type.case_count > 0 ? `${type.label}（${caseCountLabel(type)}）` : type.label);

/**
 * The case form's dropdown: a prompt, then the types in the server's order
 * (automatic first by order, then manual by name). A case's type that is no
 * longer listed still shows, by the name the case carries.
 */
export function serviceTypeOptions(types: readonly Pick<ServiceType, "value" | "label">[], current: string, currentLabel: string): Array<{ value: string; label: string }> {
  const options = [{ value: "", label: SERVICE_TYPE_TEXT.choose }, ...types.map(({ value, label }) => ({ value, label }))];
  if (current !== "" && !types.some((type) => type.value === current)) options.push({ value: current, label: currentLabel || SERVICE_TYPE_TEXT.missing });
  return options;
}

/** A failed add, rename or delete: the server's words (a duplicate, a type in use), else the spec's (001 §8). */
export function serviceTypeFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return `${fallback}：${NETWORK_ERROR_MESSAGE}`;
    return error.message || fallback;
  }
  return fallback;
}
