// The test tab (002 §2.3, §5, §8): a message sent with the values on the
// screen, saved or not, so a token can be tried before it is kept. The
// preconditions are checked here first, with the server's words.
import { ArrowRight, LoaderCircle, Send } from "lucide-react";
import { useState } from "react";
import { DEFAULT_TEST_MESSAGE, NOTIFICATION_MESSAGES } from "#contract/notifications.ts";
import { focusRing, type Notice } from "#web/admin/shared/admin-notice.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { sendTest } from "./notifications-api.ts";
import { testPrecondition, testRequest, type NotificationValues } from "./notifications-form.ts";
import { inputClass } from "#web/admin/shared/form-field-parts.tsx";

interface TestSendPanelProps {
  values: NotificationValues;
  onNotice(notice: Notice): void;
  onGoToApi(): void;
}

export function TestSendPanel({ values, onNotice, onGoToApi }: TestSendPanelProps) {
  const [message, setMessage] = useState<string>(DEFAULT_TEST_MESSAGE);
  const [sending, setSending] = useState(false);
  const request = testRequest(values, message);
  const missing = testPrecondition(request);
  const line = request.type === "line";

  async function send() {
    if (sending) return;
    const problem = testPrecondition(request);
    if (problem) {
      onNotice({ tone: "error", text: problem });
      return;
    }
    setSending(true);
    try {
      const result = await sendTest(request);
      onNotice({ tone: "success", text: result.message || NOTIFICATION_MESSAGES.testSent });
    } catch (error) {
      console.warn("測試發送失敗", error);
      onNotice({ tone: "error", text: errorMessage(error, NOTIFICATION_MESSAGES.testFailed) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">傳送測試訊息</h2>
        <p className="mt-1 text-sm text-gray-600">
          {line ? "會用畫面上的 Channel Access Token 傳給管理員 User ID 的 LINE 帳號，" : "會用畫面上的 Webhook URL 傳到 Discord 頻道，"}
          尚未儲存的變更也會用上，方便先確認設定正確再儲存。
        </p>
      </div>
      {missing ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="test-missing">
          <span className="flex-1">{missing}</span>
          <button type="button" onClick={onGoToApi} className={`inline-flex min-h-11 items-center gap-1 rounded-lg px-3 font-medium text-amber-900 underline hover:bg-amber-100 ${focusRing}`}>
            前往 API 設定
            <ArrowRight aria-hidden size={16} />
          </button>
        </div>
      ) : null}
      <div>
        <label htmlFor="notify-test-message" className="text-sm font-medium text-gray-700">
          測試訊息
        </label>
        <textarea id="notify-test-message" rows={3} maxLength={1000} value={message} onChange={(event) => setMessage(event.target.value)} className={inputClass} />
      </div>
      <button
        type="button"
        onClick={() => void send()}
        disabled={sending}
        aria-busy={sending || undefined}
        className={`inline-flex min-h-11 items-center gap-2 rounded-lg bg-green-700 px-5 font-semibold text-white shadow hover:bg-green-800 disabled:opacity-60 ${focusRing}`}
      >
        {sending ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <Send aria-hidden size={18} />}
        {sending ? "傳送中…" : "傳送測試訊息"}
      </button>
    </div>
  );
}
