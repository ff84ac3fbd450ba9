// /admin/change-password (002 §2.11, §4, §5, §8; issue 22): the three fields
// with show/hide, the contract's rules checked before sending (all required,
// at least 12 characters, confirmed, unlike the current password; the
// common-password list is the server's, its message shown beside the field), a
// failure as the server's message or 密碼變更失敗, and on success the message,
// cleared fields and sign-out after 3 s (the server has revoked every token of
// this administrator by then). Below: 兩步驟驗證 (two-factor-section.tsx).
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, CircleAlert, CircleCheck, KeyRound, LoaderCircle, ShieldAlert, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { changePasswordSchema, PASSWORD_MIN_LENGTH, type ChangePasswordInput } from "#contract/auth.ts";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { useNotifications } from "#web/admin/shell/notifications-provider.tsx";
import { PasswordField } from "#web/admin/shared/password-field.tsx";
import { apiRequest, errorMessage } from "#web/admin/shared/api-client.ts";
import { clearSession } from "#web/admin/shared/session.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { TwoFactorSection } from "./two-factor-section.tsx";

export const meta = () => adminMeta("變更密碼");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const SIGN_OUT_DELAY_MS = 3_000;
const FAILED_MESSAGE = "密碼變更失敗";
const SUCCESS_FALLBACK = "密碼變更成功";

type Fields = Required<ChangePasswordInput>;
const EMPTY: Fields = { current_password: "", new_password: "", confirm_password: "" };

const TIPS = [
  `密碼長度至少 ${PASSWORD_MIN_LENGTH} 個字元，越長越安全`,
  "不能使用常見的密碼（例如 qwerty123456），這類密碼很快就會被猜中",
  "建議混合大小寫英文字母、數字與符號",
  "避免使用生日、電話或帳號等容易被猜到的資訊",
  "不要與其他網站共用同一組密碼",
  "定期更換密碼，並且不要告訴他人",
];

export default function ChangePassword() {
  const navigate = useNavigate();
  const { stopPolling } = useNotifications();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState("");
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [success, setSuccess] = useState("");
  const signOutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Leaving the screen during the 3 seconds still ends the (already revoked) session.
  useEffect(
    () => () => {
      if (signOutTimer.current !== undefined) {
        clearTimeout(signOutTimer.current);
        clearSession();
      }
    },
    [],
  );

  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const change = useMutation({
    mutationFn: (input: Fields) => apiRequest<unknown>("/admin-api.php/change-password", { method: "POST", body: input }),
    onSuccess: ({ message }) => {
      // Every token is revoked now: no more polling, or its 401 would sign out before the message is read.
      stopPolling();
      setSuccess(message || SUCCESS_FALLBACK);
      setFields(EMPTY);
      signOutTimer.current = setTimeout(() => {
        signOutTimer.current = undefined;
        clearSession();
        navigate("/admin/login", { replace: true });
      }, SIGN_OUT_DELAY_MS);
    },
    onError: (failure) => {
      setError(errorMessage(failure, FAILED_MESSAGE));
      const field = failure && typeof failure === "object" && "errors" in failure ? (failure.errors as Record<string, string>) : {};
      const [first] = Object.entries(field);
      setFieldError(first ? { field: first[0], message: first[1] } : null);
      focusFirstError();
    },
  });

  const busy = change.isPending || success !== "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError("");
    setFieldError(null);
    const parsed = changePasswordSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue?.message ?? FAILED_MESSAGE);
      const field = String(issue?.path[0] ?? "");
      setFieldError(field && field !== "_" ? { field, message: issue!.message } : null);
      focusFirstError();
      return;
    }
    change.mutate(fields);
  }

  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));
  const errorFor = (name: keyof Fields) => (fieldError?.field === name ? fieldError.message : undefined);

  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader
        title="變更密碼"
        description="更新您的管理員登入密碼"
        actions={
          <Link
            to="/admin/dashboard"
            className="inline-flex items-center gap-2 rounded-lg border border-current/30 px-4 py-2 text-sm font-medium hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <ArrowLeft aria-hidden size={16} />
            返回儀表板
          </Link>
        }
      />

      <div className="grid gap-6 md:grid-cols-5">
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-5 rounded-2xl bg-white p-6 text-gray-900 shadow-sm md:col-span-3">
          {success ? (
            <div role="status" className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-800">
              <CircleCheck aria-hidden size={20} className="mt-0.5 shrink-0" />
              <span>
                <span className="block font-semibold">{success}</span>
                <span className="block text-sm">3 秒後將自動登出，請使用新密碼重新登入。</span>
              </span>
            </div>
          ) : null}
          {error ? (
            <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
              <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
              <span>{error}</span>
            </div>
          ) : null}
          <PasswordField
            label="目前密碼"
            name="current_password"
            autoComplete="current-password"
            required
            disabled={busy}
            value={fields.current_password}
            onChange={set("current_password")}
            error={errorFor("current_password")}
          />
          <PasswordField
            label="新密碼"
            name="new_password"
            autoComplete="new-password"
            required
            disabled={busy}
            value={fields.new_password}
            onChange={set("new_password")}
            error={errorFor("new_password")}
            hint={`至少 ${PASSWORD_MIN_LENGTH} 個字元，不能是常見密碼，也不能與目前密碼相同`}
          />
          <PasswordField
            label="確認新密碼"
            name="confirm_password"
            autoComplete="new-password"
            required
            disabled={busy}
            value={fields.confirm_password}
            onChange={set("confirm_password")}
            error={errorFor("confirm_password")}
          />
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => navigate("/admin/dashboard")}
              className="rounded-lg border border-gray-300 px-5 py-2.5 font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
            >
              取消
            </button>
            <button
              type="submit"
              disabled={busy}
              className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-70"
            >
              {change.isPending ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <KeyRound aria-hidden size={18} />}
              {change.isPending ? "變更中..." : "變更密碼"}
            </button>
          </div>
        </form>

        <aside className="space-y-6 md:col-span-2">
          <section aria-labelledby="tips-heading" className="rounded-2xl bg-white p-6 text-gray-900 shadow-sm">
            <h2 id="tips-heading" className="flex items-center gap-2 font-semibold">
              <ShieldAlert aria-hidden size={18} className="text-blue-600" />
              密碼建議
            </h2>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-gray-700">
              {TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
          <section className="flex items-start gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-sm text-amber-900">
            <TriangleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
            <p>
              <strong className="block font-semibold">注意</strong>
              變更密碼後，所有裝置上的登入都會失效，您必須使用新密碼重新登入。
            </p>
          </section>
        </aside>
      </div>
      <div className="mt-6">
        <TwoFactorSection />
      </div>
    </div>
  );
}
