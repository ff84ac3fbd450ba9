// /admin/line, the notification settings (002 §2.3, §3, §4, §5, §7, §8, §9):
// which channel tells the staff about a new contact message (LINE official
// account or Discord), its settings on the basic and API tabs, a test send
// with the unsaved values, LINE's monthly quota, the Email notification and
// its address, one save for the whole screen, and the notifications that
// are failing, retrying or given up (send now, or remove), and the cap on
// notices with what it held back today.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowRight, AlertTriangle, LoaderCircle, Mail, Save } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { NOTIFICATION_MESSAGES, type FailedDelivery, type NotificationType } from "#contract/notifications.ts";
import type { Settings } from "#contract/settings.ts";
import { focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { ApiError, errorMessage } from "#web/admin/shared/api-client.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { copyText } from "#web/admin/shared/clipboard.ts";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { useUnsavedChangesWarning } from "#web/admin/shared/use-unsaved-changes-warning.ts";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { FailedDeliveries } from "./failed-deliveries.tsx";
import { fetchNotificationHealth, fetchSettings, removeFailure, retryFailure, saveNotificationSettings } from "./notifications-api.ts";
import {
  asType,
  CHANNEL_FIELDS,
  changedKeys,
  EMAIL_FIELDS,
  errorCountByTab,
  FAILURES_QUERY_KEY,
  failuresRefetchInterval,
  failureView,
  formFromSettings,
  mailRecipient,
  NOTIFICATION_SETTINGS_QUERY_KEY,
  notificationPayload,
  placeOf,
  QUOTA_QUERY_KEY,
  refusedSaveMessage,
  SCREEN_MESSAGES,
  tabAfterTypeChange,
  tabsFor,
  tabToShow,
  TYPE_CHOICES,
  validateField,
  validateNotifications,
  type FieldErrors,
  type FieldSpec,
  type NotificationTabId,
  type NotificationValues,
  type ScreenKey,
} from "./notifications-form.ts";
import { NotificationField, WebhookField } from "./notification-fields.tsx";
import { NotificationTabList, NotificationTabPanel } from "./notification-tabs.tsx";
import { NoticeCapPanel } from "./notice-cap-panel.tsx";
import { QuotaPanel } from "./quota-panel.tsx";
import { TestSendPanel } from "./test-send-panel.tsx";

export const meta = () => adminMeta("通知設定");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

const currentOrigin = () => (typeof window === "undefined" ? "" : window.location.origin);

function loadFailedMessage(error: unknown) {
  const message = errorMessage(error, NOTIFICATION_MESSAGES.loadFailed);
  return message === NOTIFICATION_MESSAGES.loadFailed ? message : `${NOTIFICATION_MESSAGES.loadFailed}：${message}`;
}

export default function NotificationSettingsScreen() {
  const query = useQuery({ queryKey: NOTIFICATION_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => fetchSettings(signal), staleTime: 0 });
  return (
    <>
      <AdminPageHeader title="通知設定" description="選擇有人填寫聯絡表單時，要用 LINE 或 Discord 通知您，並可傳送測試訊息確認收得到" />
      {query.isPending ? (
        <AdminLoading label="載入設定中..." />
      ) : query.isError ? (
        <LoadError message={loadFailedMessage(query.error)} testId="notify-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
      ) : (
        <NotificationEditor initial={query.data} />
      )}
    </>
  );
}

function NotificationEditor({ initial }: { initial: Settings }) {
  const client = useQueryClient();
  const origin = currentOrigin();
  const [saved, setSaved] = useState<NotificationValues>(() => formFromSettings(initial, origin));
  const [values, setValues] = useState<NotificationValues>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<NotificationTabId>("basic");
  const [saving, setSaving] = useState(false);
  const [busyFailure, setBusyFailure] = useState<number | null>(null);
  const [notice, setNotice] = useNotice();
  const confirm = useConfirm();
  const { ref: formRef, focusFirstError } = useFocusFirstError<HTMLFormElement>();
  const health = useQuery({
    queryKey: FAILURES_QUERY_KEY,
    queryFn: ({ signal }) => fetchNotificationHealth(signal),
    staleTime: 0,
    refetchInterval: (current) => failuresRefetchInterval(current.state.data?.failures, Date.now()),
  });

  const type = asType(values.notification_type);
  const tabs = tabsFor(type);
  const activeTab = tabs.some((candidate) => candidate.id === tab) ? tab : "basic";
  const changed = useMemo(() => changedKeys(values, saved), [values, saved]);
  const dirty = changed.length > 0;
  const changedTabs = useMemo(() => {
    const set = new Set<NotificationTabId>();
    for (const key of changed) {
      const place = placeOf(key);
      if (place?.section === "tab" && place.type === type) set.add(place.tab);
    }
    return set;
  }, [changed, type]);
  const errorCounts = useMemo(() => errorCountByTab(errors, type), [errors, type]);

  const set = useCallback((key: ScreenKey, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    // An error goes away as soon as the value satisfies the rule again.
    setErrors((current) => (current[key] ? { ...current, [key]: validateField(key, value) } : current));
  }, []);

  function chooseType(next: NotificationType) {
    set("notification_type", next);
    setTab((current) => tabAfterTypeChange(next, current));
  }

  const save = useCallback(async () => {
    if (saving) return;
    const invalid = validateNotifications(values);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setTab((current) => tabToShow(current, invalid, type));
      setNotice({ tone: "error", text: refusedSaveMessage(SCREEN_MESSAGES.invalid, invalid, type) });
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const result = await saveNotificationSettings(notificationPayload(values));
      client.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, result.data);
      const next = formFromSettings(result.data, origin);
      setSaved(next);
      setValues(next);
      setErrors({});
      setNotice({ tone: "success", text: NOTIFICATION_MESSAGES.saved });
      // A new token answers for a new quota.
      void client.invalidateQueries({ queryKey: QUOTA_QUERY_KEY });
    } catch (error) {
      console.warn("儲存通知設定失敗", error);
      const fieldErrors: FieldErrors = error instanceof ApiError ? error.errors : {};
      setErrors(fieldErrors);
      setTab((current) => tabToShow(current, fieldErrors, type));
      setNotice({ tone: "error", text: refusedSaveMessage(errorMessage(error, NOTIFICATION_MESSAGES.saveFailed), fieldErrors, type) });
      focusFirstError();
    } finally {
      setSaving(false);
    }
  }, [client, focusFirstError, origin, saving, setNotice, type, values]);

  useUnsavedChangesWarning(dirty, SCREEN_MESSAGES.leave);

  async function copyWebhook() {
    const copied = await copyText(values.line_webhook_url);
    setNotice(copied ? { tone: "success", text: SCREEN_MESSAGES.copied } : { tone: "error", text: SCREEN_MESSAGES.copyFailed });
  }

  async function retry(failure: FailedDelivery) {
    setBusyFailure(failure.id);
    try {
      const result = await retryFailure(failure.id);
      setNotice({ tone: "success", text: result.message || SCREEN_MESSAGES.retried });
    } catch (error) {
      console.warn("重新傳送通知失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, SCREEN_MESSAGES.retryFailed) });
    } finally {
      setBusyFailure(null);
      await health.refetch();
    }
  }

  async function remove(failure: FailedDelivery) {
    const view = failureView(failure);
    const confirmed = await confirm({ title: "移除通知", message: "確定要移除這則傳送失敗的通知嗎？移除後就不會再傳送。", items: [view.name], confirmLabel: "移除" });
    if (!confirmed) return;
    setBusyFailure(failure.id);
    try {
      const result = await removeFailure(failure.id);
      setNotice({ tone: "success", text: result.message || SCREEN_MESSAGES.removed });
    } catch (error) {
      console.warn("移除通知失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, SCREEN_MESSAGES.removeFailed) });
    } finally {
      setBusyFailure(null);
      await health.refetch();
    }
  }

  const fieldsOf = (specs: readonly FieldSpec[]) =>
    specs.map((spec) => <NotificationField key={spec.key} spec={spec} value={values[spec.key]} error={errors[spec.key]} onChange={set} />);

  const failures = health.data?.failures ?? [];
  const recipient = mailRecipient(values.contact_email, initial.company_email);

  return (
    <div className="space-y-6">
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="notify-notice" errorTestId="notify-error" />

      {failures.length > 0 ? <FailedDeliveries failures={failures} busyId={busyFailure} onRetry={(failure) => void retry(failure)} onRemove={(failure) => void remove(failure)} /> : null}
      {health.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="failures-load-error">
          {errorMessage(health.error, SCREEN_MESSAGES.failuresLoadFailed)}
        </p>
      ) : null}
      {health.data?.cap ? <NoticeCapPanel cap={health.data.cap} /> : null}

      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="space-y-4"
        aria-label="通知設定"
        data-testid="notify-form"
      >
        <fieldset className="rounded-2xl bg-white p-5 text-gray-900 shadow-sm sm:p-6" data-testid="notify-type">
          {/* Floated, so the legend sits inside the card like any heading instead of on its border. */}
          <legend className="float-left w-full text-lg font-semibold">通知方式</legend>
          <p className="clear-left pt-1 text-sm text-gray-600">有人填寫聯絡表單時，用哪一種方式通知您</p>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            {TYPE_CHOICES.map((choice) => {
              const checked = type === choice.value;
              return (
                <label
                  key={choice.value}
                  className={`flex cursor-pointer items-start gap-3 rounded-xl border-2 px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600 ${
                    checked ? "border-blue-600 bg-blue-50" : "border-gray-200 hover:border-gray-300"
                  }`}
                >
                  <input
                    type="radio"
                    name="notification_type"
                    value={choice.value}
                    checked={checked}
                    onChange={() => chooseType(choice.value)}
                    className="mt-1 h-4 w-4 shrink-0 accent-blue-600"
                  />
                  <span>
                    <span className="block font-semibold">{choice.label}</span>
                    <span className="block text-sm text-gray-600">{choice.description}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <NotificationTabList tabs={tabs} active={activeTab} onSelect={setTab} errorCounts={errorCounts} changedTabs={changedTabs} />
        <NotificationTabPanel id={activeTab}>
          {activeTab === "basic" ? (
            <div className="grid gap-5" data-channel={type}>
              {fieldsOf(CHANNEL_FIELDS[type].basic)}
            </div>
          ) : activeTab === "api" ? (
            <div className="grid gap-5" data-channel={type}>
              {fieldsOf(CHANNEL_FIELDS[type].api)}
              {type === "line" ? <WebhookField url={values.line_webhook_url} onCopy={() => void copyWebhook()} /> : null}
            </div>
          ) : activeTab === "test" ? (
            <TestSendPanel values={values} onNotice={setNotice} onGoToApi={() => setTab("api")} />
          ) : (
            <QuotaPanel tokenChanged={values.line_channel_access_token !== saved.line_channel_access_token} />
          )}
        </NotificationTabPanel>

        <section aria-labelledby="notify-email-heading" className="rounded-2xl bg-white p-5 text-gray-900 shadow-sm sm:p-6" data-testid="notify-email">
          <h2 id="notify-email-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Mail aria-hidden size={20} />
            Email 通知
          </h2>
          <p className="mt-1 text-sm text-gray-600">不論選擇哪一種通知方式，都可以同時收到通知信。</p>
          {health.data && !health.data.mail_configured ? (
            <p className="mt-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="mail-not-configured">
              <AlertTriangle aria-hidden size={18} className="mt-0.5 shrink-0" />
              {SCREEN_MESSAGES.mailNotConfigured}
            </p>
          ) : null}
          <div className="mt-4 grid gap-5">{fieldsOf(EMAIL_FIELDS)}</div>
          <p className="mt-2 text-sm text-gray-700" data-testid="mail-recipient">
            {recipient
              ? recipient.fallback
                ? `收件信箱未填寫，通知信會寄到公司 Email：${recipient.address}`
                : `通知信會寄到：${recipient.address}`
              : "尚未設定收件信箱，也沒有公司 Email，通知信無法寄出。"}
          </p>
          <Link to="/admin/settings" className={`mt-2 inline-flex min-h-11 items-center gap-1 rounded-lg text-sm font-medium text-blue-700 underline hover:text-blue-900 ${focusRing}`}>
            到網站設定修改公司 Email 與聯絡資訊
            <ArrowRight aria-hidden size={16} />
          </Link>
        </section>

        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 bg-white/95 px-4 py-3 text-gray-900 shadow-lg backdrop-blur">
          <p className="text-sm" aria-live="polite" data-testid="notify-dirty">
            {dirty ? <span className="font-medium text-amber-800">{changed.length} 個欄位尚未儲存</span> : <span className="text-gray-600">所有變更皆已儲存</span>}
          </p>
          <button
            type="submit"
            disabled={saving}
            className={`inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-5 font-semibold text-white shadow hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}
          >
            {saving ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <Save aria-hidden size={18} />}
            {saving ? "儲存中..." : "儲存設定"}
          </button>
        </div>
      </form>
    </div>
  );
}
