// 兩步驟驗證 on the change-password screen (issue 22, decision 023): off → a
// QR code and the secret as text for manual entry, switched on only once a
// code from the app confirms it; then the ten recovery codes, shown this once,
// to copy or download; on → how many recovery codes are left, and switching
// off with the current password or a code. The QR picture is drawn by the
// server (the library stays out of the browser bundle).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Download, LoaderCircle, ShieldCheck, ShieldOff, Smartphone } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from "#contract/auth.ts";
import { apiGet, apiRequest, errorMessage } from "#web/admin/shared/api-client.ts";
import { copyText } from "#web/admin/shared/clipboard.ts";
import { focusRing, NoticeArea, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { PasswordField } from "#web/admin/shared/password-field.tsx";

const STATUS_KEY = ["two-factor"];
const primary = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60 ${focusRing}`;
const secondary = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-60 ${focusRing}`;

const fieldErrorOf = (failure: unknown, field: string): string | undefined =>
  failure && typeof failure === "object" && "errors" in failure ? (failure.errors as Record<string, string>)[field] : undefined;

export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: ({ signal }) => apiGet<TwoFactorStatus>("/admin-api.php/two-factor", signal) });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useNotice();
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });

  const start = useMutation({
    mutationFn: () => apiRequest<TwoFactorSetup>("/admin-api.php/two-factor/setup", { method: "POST", body: {} }),
    onSuccess: ({ data }) => setSetup(data),
    onError: (failure) => setNotice({ tone: "error", text: errorMessage(failure, "無法產生 QR Code，請稍後再試") }),
  });

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-2xl bg-white p-6 text-gray-900 shadow-sm" data-testid="two-factor-section">
      <h2 id="two-factor-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Smartphone aria-hidden size={20} className="text-blue-600" />
        兩步驟驗證
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        啟用後，登入時除了密碼，還要輸入手機驗證器 App（例如 Google Authenticator、Microsoft Authenticator）顯示的 6 位數驗證碼，密碼外洩也不會被盜用。
      </p>

      <div className="mt-4">
        {status.isPending ? (
          <p className="flex items-center gap-2 text-sm text-gray-600">
            <LoaderCircle aria-hidden size={16} className="animate-spin" /> 載入中...
          </p>
        ) : status.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(status.error, "無法取得兩步驟驗證狀態")}
          </p>
        ) : recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} onCopied={(ok) => setNotice(ok ? { tone: "success", text: "救援碼已複製到剪貼簿" } : { tone: "error", text: "無法複製，請手動選取救援碼" })} />
        ) : status.data.enabled ? (
          <DisableForm
            codesLeft={status.data.recovery_codes_left}
            onDisabled={() => {
              setNotice({ tone: "success", text: "兩步驟驗證已停用" });
              void refresh();
            }}
          />
        ) : setup ? (
          <Enrolment
            setup={setup}
            onCancel={() => setSetup(null)}
            onCopied={(ok) => setNotice(ok ? { tone: "success", text: "金鑰已複製到剪貼簿" } : { tone: "error", text: "無法複製，請手動選取金鑰" })}
            onEnabled={(codes) => {
              setSetup(null);
              setRecoveryCodes(codes);
              setNotice({ tone: "success", text: "兩步驟驗證已啟用" });
              void refresh();
            }}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <span className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-3 py-1 text-sm font-medium text-gray-700">
              <ShieldOff aria-hidden size={14} /> 尚未啟用
            </span>
            <button type="button" className={primary} disabled={start.isPending} onClick={() => start.mutate()}>
              {start.isPending ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <ShieldCheck aria-hidden size={18} />}
              啟用兩步驟驗證
            </button>
          </div>
        )}
      </div>
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="two-factor-success" errorTestId="two-factor-error" />
    </section>
  );
}

function Enrolment({ setup, onCancel, onEnabled, onCopied }: { setup: TwoFactorSetup; onCancel(): void; onEnabled(codes: string[]): void; onCopied(ok: boolean): void }) {
  const [code, setCode] = useState("");
  const ids = { code: useId(), secret: useId() };
  const enable = useMutation({
    mutationFn: (value: string) => apiRequest<TwoFactorEnabled>("/admin-api.php/two-factor/enable", { method: "POST", body: { code: value } }),
    onSuccess: ({ data }) => onEnabled(data.recovery_codes),
  });
  const codeError = enable.isError ? (fieldErrorOf(enable.error, "code") ?? errorMessage(enable.error, "啟用失敗，請再試一次")) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enable.isPending) enable.mutate(code.trim());
  }

  // Grouped in fours, as the apps show it; spaces are ignored when typed in.
  const readableSecret = setup.secret.replace(/(.{4})/g, "$1 ").trim();
  return (
    <form onSubmit={submit} className="space-y-4" noValidate data-testid="two-factor-enrolment">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-gray-800">
        <li>
          <p>用手機的驗證器 App 掃描下方的 QR Code：</p>
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`} alt="兩步驟驗證設定用的 QR Code" width={192} height={192} className="mt-2 rounded-lg border border-gray-200 bg-white" />
        </li>
        <li>
          <p id={ids.secret}>無法掃描時，請在 App 中選擇「輸入設定金鑰」，輸入這組金鑰：</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code aria-labelledby={ids.secret} className="rounded-lg bg-gray-100 px-3 py-2 font-mono text-base tracking-wide text-gray-900" data-testid="two-factor-secret">
              {readableSecret}
            </code>
            <button type="button" className={secondary} onClick={async () => onCopied(await copyText(setup.secret))}>
              <Copy aria-hidden size={16} /> 複製金鑰
            </button>
          </div>
        </li>
        <li>
          <label htmlFor={ids.code} className="block">
            輸入 App 顯示的 6 位數驗證碼，確認設定無誤：
          </label>
          <input
            id={ids.code}
            name="totp_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${ids.code}-error` : undefined}
            className={`mt-2 block w-40 rounded-lg border bg-white px-3 py-2.5 text-lg tracking-widest text-gray-900 outline-none focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 ${codeError ? "border-red-400" : "border-gray-300"}`}
            placeholder="123456"
          />
          {codeError ? (
            <p id={`${ids.code}-error`} className="mt-1 text-sm text-red-600">
              {codeError}
            </p>
          ) : null}
        </li>
      </ol>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primary} disabled={enable.isPending}>
          {enable.isPending ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <ShieldCheck aria-hidden size={18} />}
          確認並啟用
        </button>
        <button type="button" className={secondary} onClick={onCancel} disabled={enable.isPending}>
          取消
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone, onCopied }: { codes: string[]; onDone(): void; onCopied(ok: boolean): void }) {
  const text = codes.join("\n");
  function download() {
    const url = URL.createObjectURL(new Blob([`後台管理系統 兩步驟驗證備用救援碼（每組只能使用一次）\n\n${text}\n`], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "備用救援碼.txt";
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <div className="space-y-3" data-testid="two-factor-recovery-codes">
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <strong className="block font-semibold">請立即保存這 10 組備用救援碼</strong>
        手機遺失或無法使用時，可用一組救援碼代替驗證碼登入，每組只能使用一次。這些救援碼只會顯示這一次。
      </p>
      <ul aria-label="備用救援碼" className="grid grid-cols-2 gap-2 rounded-lg bg-gray-100 p-4 font-mono text-base text-gray-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondary} onClick={async () => onCopied(await copyText(text))}>
          <Copy aria-hidden size={16} /> 複製救援碼
        </button>
        <button type="button" className={secondary} onClick={download}>
          <Download aria-hidden size={16} /> 下載救援碼
        </button>
        <button type="button" className={primary} onClick={onDone}>
          我已妥善保存
        </button>
      </div>
    </div>
  );
}

function DisableForm({ codesLeft, onDisabled }: { codesLeft: number; onDisabled(): void }) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const codeId = useId();
  const disable = useMutation({
    mutationFn: () => apiRequest<null>("/admin-api.php/two-factor/disable", { method: "POST", body: password ? { password } : { code: code.trim() } }),
    onSuccess: () => {
      setPassword("");
      setCode("");
      onDisabled();
    },
  });
  const failure = disable.isError ? errorMessage(disable.error, "停用失敗，請再試一次") : undefined;
  const passwordError = failure && (fieldErrorOf(disable.error, "password") || !fieldErrorOf(disable.error, "code")) ? failure : undefined;
  const codeError = failure && fieldErrorOf(disable.error, "code") ? failure : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!disable.isPending) disable.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate data-testid="two-factor-disable">
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 font-medium text-green-800">
          <ShieldCheck aria-hidden size={14} /> 已啟用
        </span>
        <span className="text-gray-700">剩餘 {codesLeft} 組備用救援碼</span>
      </p>
      <p className="text-sm text-gray-700">要停用兩步驟驗證，請輸入目前密碼，或輸入一組驗證碼（或備用救援碼）。</p>
      <PasswordField label="目前密碼" name="disable_password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} error={passwordError} />
      <div>
        <label htmlFor={codeId} className="block text-sm font-medium text-gray-700">
          或輸入驗證碼
        </label>
        <input
          id={codeId}
          name="disable_code"
          autoComplete="one-time-code"
          maxLength={20}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? `${codeId}-error` : undefined}
          className={`mt-1 block w-48 rounded-lg border bg-white px-3 py-2.5 text-gray-900 outline-none focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 ${codeError ? "border-red-400" : "border-gray-300"}`}
        />
        {codeError ? (
          <p id={`${codeId}-error`} className="mt-1 text-sm text-red-600">
            {codeError}
          </p>
        ) : null}
      </div>
      <button type="submit" className={secondary} disabled={disable.isPending}>
        {disable.isPending ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <ShieldOff aria-hidden size={18} />}
        停用兩步驟驗證
      </button>
    </form>
  );
}
