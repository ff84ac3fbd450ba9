// /admin/login (001 §2, §4, §5, §8): email and password (both required), the
// maths challenge only once the server asks for it (its answer then required),
// the two-step code when the account has it on (issue 22), and straight on to
// /admin/dashboard when a token is already stored. Rendered in the browser only.
// The sign-in call is same-origin, so the browser sends and keeps the device
// cookie the server uses to recognise it (decision 023).
import { AlertCircle, ArrowLeft, Loader2, LogIn, RefreshCw, ShieldCheck, Smartphone } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { redirect, useNavigate } from "react-router";
import type { LoginAnswer, SecondStepAnswer } from "#contract/auth.ts";
import { PasswordField } from "#web/admin/shared/password-field.tsx";
import { apiRequest, errorMessage } from "#web/admin/shared/api-client.ts";
import { CODE_REQUIRED, loginFailure, MATH_ANSWER_REQUIRED } from "./login-failure.ts";
import { getToken, saveSession } from "#web/admin/shared/session.ts";
import { adminMeta, browserLoader } from "#web/admin/shared/browser-screen.tsx";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";

export const meta = () => adminMeta("管理員登入");

export const clientLoader = browserLoader(() => {
  if (getToken()) throw redirect("/admin/dashboard");
  return null;
});

export { handle, HydrateFallback, links } from "#web/admin/shared/browser-screen.tsx";

interface Challenge {
  question: string;
  loading: boolean;
  error: string;
}

export default function AdminLogin() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [mathAnswer, setMathAnswer] = useState("");
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [error, setError] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const [submitting, setSubmitting] = useState(false);
  const challengeRequest = useRef(0);
  const answerRef = useRef<HTMLInputElement>(null);
  const ids = { email: useId(), answer: useId(), error: useId(), code: useId() };
  // The password was right and the account has two-step sign-in: the code comes next.
  const [pendingToken, setPendingToken] = useState("");
  const [code, setCode] = useState("");
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (pendingToken) codeRef.current?.focus();
  }, [pendingToken]);

  function backToPassword(message = "") {
    setPendingToken("");
    setCode("");
    setPassword("");
    setFieldErrors({});
    setError(message);
  }

  async function submitCode() {
    if (!code.trim()) {
      setFieldErrors({ code: CODE_REQUIRED });
      setError(CODE_REQUIRED);
      focusFirstError();
      return;
    }
    setSubmitting(true);
    setError("");
    setFieldErrors({});
    try {
      const { data } = await apiRequest<LoginAnswer>("/admin-login.php", { body: { pending_token: pendingToken, code: code.trim() }, auth: false });
      saveSession(data.token, data.user);
      navigate("/admin/dashboard", { replace: true });
    } catch (failure) {
      const result = loginFailure(failure);
      // No field named: the pending step is spent or expired, the password is needed again.
      if (result.status === 401 && !result.fieldErrors.code) backToPassword(result.message);
      else {
        setError(result.message);
        setFieldErrors(result.fieldErrors);
        setCode("");
        focusFirstError();
      }
      setSubmitting(false);
    }
  }

  async function loadChallenge() {
    const request = ++challengeRequest.current;
    setMathAnswer("");
    setChallenge((current) => ({ question: current?.question ?? "", loading: true, error: "" }));
    try {
      const { data } = await apiRequest<{ question: string }>("/admin-login.php", { body: { action: "get_challenge" }, auth: false });
      if (request !== challengeRequest.current) return;
      setChallenge({ question: data.question, loading: false, error: "" });
    } catch (failure) {
      if (request !== challengeRequest.current) return;
      setChallenge({ question: "", loading: false, error: errorMessage(failure, "無法取得驗證題目，請按「換一題」重試") });
    }
  }

  useEffect(() => {
    if (challenge && !challenge.loading && challenge.question) answerRef.current?.focus();
  }, [challenge?.question, challenge?.loading]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (pendingToken) return submitCode();
    if (challenge && !mathAnswer.trim()) {
      setFieldErrors({ math_answer: MATH_ANSWER_REQUIRED });
      setError(MATH_ANSWER_REQUIRED);
      focusFirstError();
      return;
    }
    setSubmitting(true);
    setError("");
    setFieldErrors({});
    try {
      const body = challenge ? { email, password, math_answer: mathAnswer.trim() } : { email, password };
      const { data } = await apiRequest<LoginAnswer | SecondStepAnswer>("/admin-login.php", { body, auth: false });
      if ("two_factor_required" in data) {
        setPendingToken(data.pending_token);
        setChallenge(null);
        setMathAnswer("");
        setSubmitting(false);
        return;
      }
      saveSession(data.token, data.user);
      navigate("/admin/dashboard", { replace: true });
    } catch (failure) {
      const result = loginFailure(failure);
      setError(result.message);
      setFieldErrors(result.fieldErrors);
      focusFirstError();
      if (result.showChallenge) void loadChallenge();
      setSubmitting(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-blue-50 px-4 py-12 text-gray-900" data-back-office>
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-blue-600 text-white shadow-lg">
            <ShieldCheck aria-hidden size={28} />
          </span>
          <h1 className="mt-4 text-2xl font-bold">後台管理系統</h1>
          <p className="mt-1 text-sm text-gray-600">請使用管理員帳號登入</p>
        </div>
        <form ref={formRef} onSubmit={submit} className="space-y-5 rounded-2xl bg-white p-8 shadow-xl" aria-describedby={error ? ids.error : undefined}>
          {error ? (
            <div id={ids.error} role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700">
              <AlertCircle aria-hidden size={18} className="mt-0.5 shrink-0" />
              <span>{error}</span>
            </div>
          ) : null}
          {pendingToken ? (
            <fieldset className="space-y-3" data-testid="login-second-step">
              <legend className="flex items-center gap-2 text-base font-semibold text-gray-900">
                <Smartphone aria-hidden size={18} className="text-blue-600" />
                兩步驟驗證
              </legend>
              <p className="text-sm text-gray-600">請打開手機上的驗證器 App，輸入「後台管理系統」目前顯示的 6 位數驗證碼。手機不在身邊時，可改輸入一組備用救援碼。</p>
              <div>
                <label htmlFor={ids.code} className="block text-sm font-medium text-gray-700">
                  驗證碼
                </label>
                <input
                  ref={codeRef}
                  id={ids.code}
                  name="code"
                  type="text"
                  inputMode="text"
                  autoComplete="one-time-code"
                  required
                  maxLength={20}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  aria-invalid={fieldErrors.code ? true : undefined}
                  aria-describedby={fieldErrors.code ? `${ids.code}-error` : undefined}
                  className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-lg tracking-widest text-gray-900 shadow-sm outline-none transition focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 ${
                    fieldErrors.code ? "border-red-400" : "border-gray-300"
                  }`}
                  placeholder="123456"
                />
                {fieldErrors.code ? (
                  <p id={`${ids.code}-error`} className="mt-1 text-sm text-red-600">
                    {fieldErrors.code}
                  </p>
                ) : null}
              </div>
              <button
                type="button"
                onClick={() => backToPassword()}
                className="inline-flex min-h-11 items-center gap-1 rounded text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <ArrowLeft aria-hidden size={14} />
                返回重新輸入密碼
              </button>
            </fieldset>
          ) : (
          <>
          <div>
            <label htmlFor={ids.email} className="block text-sm font-medium text-gray-700">
              電子郵件
            </label>
            <input
              id={ids.email}
              type="email"
              name="email"
              required
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? `${ids.email}-error` : undefined}
              className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-gray-900 shadow-sm outline-none transition focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 ${
                fieldErrors.email ? "border-red-400" : "border-gray-300"
              }`}
              placeholder="admin@example.com"
            />
            {fieldErrors.email ? (
              <p id={`${ids.email}-error`} className="mt-1 text-sm text-red-600">
                {fieldErrors.email}
              </p>
            ) : null}
          </div>
          <PasswordField
            label="密碼"
            name="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
          />
          {challenge ? (
            <fieldset className="rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="login-challenge">
              <legend className="px-1 text-sm font-semibold text-amber-900">安全驗證</legend>
              <p className="text-sm text-amber-900">為了帳號安全，請回答下列數學題：</p>
              <div className="mt-3 flex items-end gap-3">
                <div className="flex-1">
                  <label htmlFor={ids.answer} className="block text-base font-semibold text-gray-900">
                    {challenge.loading ? "載入題目中..." : challenge.question || "無法取得題目"}
                  </label>
                  <input
                    ref={answerRef}
                    id={ids.answer}
                    type="number"
                    inputMode="numeric"
                    name="math_answer"
                    required
                    disabled={challenge.loading}
                    value={mathAnswer}
                    onChange={(event) => setMathAnswer(event.target.value)}
                    aria-invalid={fieldErrors.math_answer ? true : undefined}
                    aria-describedby={fieldErrors.math_answer ? `${ids.answer}-error` : undefined}
                    className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 outline-none focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40"
                    placeholder="請輸入答案"
                  />
                </div>
                <button
                  type="button"
                  onClick={() => void loadChallenge()}
                  disabled={challenge.loading}
                  className="mb-2 inline-flex items-center gap-1 rounded text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50"
                >
                  <RefreshCw aria-hidden size={14} />
                  換一題
                </button>
              </div>
              {challenge.error ? <p className="mt-2 text-sm text-red-600">{challenge.error}</p> : null}
              {fieldErrors.math_answer ? (
                <p id={`${ids.answer}-error`} className="mt-2 text-sm text-red-600">
                  {fieldErrors.math_answer}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          </>
          )}
          <button
            type="submit"
            disabled={submitting}
            className="flex w-full items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-3 font-semibold text-white shadow transition hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {submitting ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <LogIn aria-hidden size={18} />}
            {submitting ? "登入中..." : pendingToken ? "驗證並登入" : "登入"}
          </button>
        </form>
        <p className="mt-6 text-center text-sm text-gray-600">
          <a href="/" className="inline-flex items-center rounded text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
            回到網站首頁
          </a>
        </p>
      </div>
    </main>
  );
}
