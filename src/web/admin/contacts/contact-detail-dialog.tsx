// One message in full (001 §2, §3, §4): who sent it and how to reach them,
// the message with its line breaks, where it came from (in words) and when; the
// status (read, replied or closed: 'new' is not offered), the staff's note, a
// reply by email (which then offers to mark the message replied), a call when
// there is a phone, and delete.
import { Check, LoaderCircle, Mail, Phone, ShieldAlert, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { CONTACT_NOTE_LIMIT, contactSourceText, contactStatusLabels, SETTABLE_CONTACT_STATUSES, SUSPECT_LABEL, suspectReasonText, type Contact } from "#contract/contact.ts";
import { AdminDialog, useUnsavedInDialog } from "#web/admin/shared/admin-dialog.tsx";
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
  /** Saves the staff's note; resolves true once stored. */
  onNote(contact: Contact, note: string): Promise<boolean>;
  /** A status change is on its way. */
  savingStatus: boolean;
  deleting: boolean;
  /** The screen's toasts, shown inside the dialog while it is open (the page behind is covered). */
  notices: ReactNode;
}

export function ContactDetailDialog({ contact, onClose, onStatus, onDelete, onNote, savingStatus, deleting, notices }: ContactDetailDialogProps) {
  return (
    <AdminDialog open={contact !== null} title="聯絡表單詳情" onClose={onClose} size="lg">
      {contact ? <DetailBody key={contact.id} contact={contact} onStatus={onStatus} onDelete={onDelete} onNote={onNote} savingStatus={savingStatus} deleting={deleting} /> : null}
      {contact ? notices : null}
    </AdminDialog>
  );
}

const actionLink = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ${focusRing}`;

function DetailBody({ contact, onStatus, onDelete, onNote, savingStatus, deleting }: Omit<ContactDetailDialogProps, "contact" | "onClose" | "notices"> & { contact: Contact }) {
  const statusId = useId();
  const messageId = useId();
  // Set once the mail program was opened: the reply itself happens outside, so we ask instead of assuming.
  const [mailOpened, setMailOpened] = useState(false);
  const tel = contact.phone ? telHref(contact.phone) : null;
  const fields: Array<[label: string, value: ReactNode, testId: string]> = [
    ["姓名", contact.name, "detail-name"],
    ["Email", contact.email, "detail-email"],
    ["電話", contact.phone || <Missing />, "detail-phone"],
    ["公司", contact.company || <Missing />, "detail-company"],
    ["主旨", contact.subject || <Missing text="（無主旨）" />, "detail-subject"],
    ["收到時間", <time dateTime={contact.created_at}>{formatDateTime(contact.created_at)}</time>, "detail-time"],
  ];
  fields.push(["來源", contactSourceText(contact.source), "detail-source"]);

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
        // 'held' says that at least one channel's cap held it (notices.ts), not which: the others may have sent it.
        <p className="rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700" data-testid="detail-held">
          同一時段收到的訊息較多，部分或全部通知管道沒有單獨通知這則訊息，改計入那些管道的摘要通知。
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

      <NoteForm contact={contact} onNote={onNote} />

      {mailOpened && contact.status !== "replied" ? (
        <p className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900" data-testid="detail-replied-prompt">
          <span className="flex-1">已用 Email 回覆了嗎？</span>
          <button
            type="button"
            onClick={() => {
              if (!savingStatus) onStatus(contact, "replied");
            }}
            aria-busy={savingStatus}
            className={`${actionLink} min-h-11 bg-blue-600 text-white hover:bg-blue-700`}
            data-testid="detail-mark-replied"
          >
            <Check aria-hidden size={16} />
            標記為已回覆
          </button>
        </p>
      ) : null}

      <div className="flex flex-wrap gap-3 border-t border-gray-100 pt-4">
        <a href={replyMailto(contact)} onClick={() => setMailOpened(true)} className={`${actionLink} bg-blue-600 text-white hover:bg-blue-700`} data-testid="detail-reply">
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

/** The staff's note: kept with the message, never sent to the visitor. Typing not saved makes the dialog ask before closing. */
function NoteForm({ contact, onNote }: { contact: Contact; onNote(contact: Contact, note: string): Promise<boolean> }) {
  const id = useId();
  const [note, setNote] = useState(contact.staff_note);
  const [saving, setSaving] = useState(false);
  const changed = note.trim() !== contact.staff_note;
  useUnsavedInDialog(changed);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || !changed) return;
    setSaving(true);
    if (await onNote(contact, note.trim())) setNote(note.trim());
    setSaving(false);
  }

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-2" data-testid="detail-note-form">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        內部備註
        <span className="ml-2 font-normal text-gray-600">只有後台看得到，不會寄給對方</span>
      </label>
      <textarea
        id={id}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        rows={3}
        maxLength={CONTACT_NOTE_LIMIT}
        placeholder="例如：已電話聯絡，週五到府估價"
        className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-blue-500 focus:outline-2 focus:outline-blue-500/30"
        data-testid="detail-note"
      />
      <button
        type="submit"
        disabled={!changed || saving}
        className={`${actionLink} min-h-11 border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:opacity-60`}
        data-testid="detail-note-save"
      >
        {saving ? <LoaderCircle aria-hidden size={16} className="animate-spin" /> : null}
        {saving ? "儲存中..." : "儲存備註"}
      </button>
    </form>
  );
}

function Missing({ text = "未提供" }: { text?: string }) {
  return <span className="font-normal text-gray-600">{text}</span>;
}
