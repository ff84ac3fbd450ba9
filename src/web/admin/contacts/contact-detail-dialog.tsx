// One message in full (001 §2, §3, §4): who sent it and how to reach them,
// the message with its line breaks, where it came from and when; the status
// (read, replied or closed: 'new' is not offered), a reply by email, a call
// when there is a phone, and delete.
import { LoaderCircle, Mail, Phone, ShieldAlert, Trash2 } from "lucide-react";
import { useId, type ReactNode } from "react";
import { contactStatusLabels, SETTABLE_CONTACT_STATUSES, SUSPECT_LABEL, suspectReasonText, type Contact } from "#contract/contact.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { replyMailto, telHref } from "./contact-inbox.ts";
import { StatusBadge } from "./contact-list.tsx";

export type SettableStatus = (typeof SETTABLE_CONTACT_STATUSES)[number];

interface ContactDetailDialogProps {
  contact: Contact | null;
  onClose(): void;
  onStatus(contact: Contact, status: SettableStatus): void;
  onDelete(contact: Contact): void;
  /** A status change is on its way. */
  savingStatus: boolean;
  deleting: boolean;
  /** The screen's toasts, shown inside the dialog while it is open (the page behind is covered). */
  notices: ReactNode;
}

export function ContactDetailDialog({ contact, onClose, onStatus, onDelete, savingStatus, deleting, notices }: ContactDetailDialogProps) {
  return (
    <AdminDialog open={contact !== null} title="聯絡表單詳情" onClose={onClose} size="lg">
      {contact ? <DetailBody contact={contact} onStatus={onStatus} onDelete={onDelete} savingStatus={savingStatus} deleting={deleting} /> : null}
      {contact ? notices : null}
    </AdminDialog>
  );
}

const actionLink = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ${focusRing}`;

function DetailBody({ contact, onStatus, onDelete, savingStatus, deleting }: Omit<ContactDetailDialogProps, "contact" | "onClose" | "notices"> & { contact: Contact }) {
  const statusId = useId();
  const messageId = useId();
  const tel = contact.phone ? telHref(contact.phone) : null;
  const fields: Array<[label: string, value: ReactNode, testId: string]> = [
    ["姓名", contact.name, "detail-name"],
    ["Email", contact.email, "detail-email"],
    ["電話", contact.phone || <Missing />, "detail-phone"],
    ["公司", contact.company || <Missing />, "detail-company"],
    ["主旨", contact.subject || <Missing text="（無主旨）" />, "detail-subject"],
    ["收到時間", <time dateTime={contact.created_at}>{formatDateTime(contact.created_at)}</time>, "detail-time"],
  ];
  if (contact.source.trim()) fields.push(["來源", contact.source, "detail-source"]);

  return (
    <div className="space-y-5" data-testid="contact-detail" data-contact-id={contact.id}>
      {contact.suspect_reason ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="detail-suspect">
          <ShieldAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
          <span>
            <strong className="font-semibold">{SUSPECT_LABEL}</strong>：{suspectReasonText(contact.suspect_reason)}。這則訊息仍然保留，但沒有即時通知，已計入摘要通知；若是真正的客戶，請照常回覆。
          </span>
        </p>
      ) : contact.notice === "held" ? (
        <p className="rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700" data-testid="detail-held">
          同一時段收到的訊息較多，這則訊息沒有單獨通知，已計入摘要通知。
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {fields.map(([label, value, testId]) => (
          <div key={testId} className="min-w-0">
            <dt className="text-sm text-gray-600">{label}</dt>
            <dd className="break-words font-medium text-gray-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby={messageId}>
        <h3 id={messageId} className="text-sm text-gray-600">
          訊息內容
        </h3>
        <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-gray-50 p-3 text-gray-900" data-testid="detail-message">
          {contact.message}
        </p>
      </section>

      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 p-3">
        <div>
          <label htmlFor={statusId} className="block text-sm font-medium text-gray-700">
            狀態
          </label>
          {/* Never disabled while saving: a disabled control would drop the keyboard focus. */}
          <select
            id={statusId}
            value={contact.status === "new" ? "" : contact.status}
            aria-busy={savingStatus}
            onChange={(event) => {
              const status = event.target.value as SettableStatus;
              if (!savingStatus && status && status !== contact.status) onStatus(contact, status);
            }}
            className="mt-1 rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-blue-500 focus:outline-2 focus:outline-blue-500/30"
            data-testid="detail-status"
          >
            {contact.status === "new" ? (
              <option value="" disabled>
                請選擇狀態
              </option>
            ) : null}
            {SETTABLE_CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {contactStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2 pb-2 text-sm text-gray-600">
          目前：
          <StatusBadge status={contact.status} />
          {savingStatus ? (
            <span className="inline-flex items-center gap-1" role="status">
              <LoaderCircle aria-hidden size={14} className="animate-spin" />
              更新中...
            </span>
          ) : null}
        </div>
      </div>

      <div className="flex flex-wrap gap-3 border-t border-gray-100 pt-4">
        <a href={replyMailto(contact)} className={`${actionLink} bg-blue-600 text-white hover:bg-blue-700`} data-testid="detail-reply">
          <Mail aria-hidden size={16} />
          以 Email 回覆
        </a>
        {tel ? (
          <a href={tel} className={`${actionLink} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`} data-testid="detail-call">
            <Phone aria-hidden size={16} />
            撥打電話
          </a>
        ) : null}
        <button
          type="button"
          onClick={() => onDelete(contact)}
          disabled={deleting}
          className={`${actionLink} ml-auto border border-red-200 bg-white text-red-700 hover:bg-red-50 disabled:opacity-60`}
          data-testid="detail-delete"
        >
          {deleting ? <LoaderCircle aria-hidden size={16} className="animate-spin" /> : <Trash2 aria-hidden size={16} />}
          {deleting ? "刪除中..." : "刪除"}
        </button>
      </div>
    </div>
  );
}

function Missing({ text = "未提供" }: { text?: string }) {
  return <span className="font-normal text-gray-600">{text}</span>;
}
