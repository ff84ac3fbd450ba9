// The inbox's parts (001 §2, §3, §4, §9): the four count cards, the search
// and the status filter, the messages (a table on a wide screen, cards on a
// phone; a search's words marked, and the part of the message or note that
// holds them) and the pages. A row, a card or its 查看 button opens the message.
import { Archive, Eye, Mail, MailOpen, Reply, ShieldAlert, type LucideIcon } from "lucide-react";
import { useId, type MouseEvent } from "react";
import { CONTACT_STATUSES, SUSPECT_LABEL, contactStatusLabels, suspectReasonText, type Contact, type ContactCounts, type ContactStatus } from "#contract/contact.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FoundExcerpt } from "#web/admin/shared/found-excerpt.tsx";
import { SearchField } from "#web/admin/shared/search-field.tsx";
import { useWideScreen } from "#web/admin/shared/use-wide-screen.ts";
import { HighlightedText } from "#web/ui/highlighted-text.tsx";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { CONTACT_FILTERS, filterLabel, type ContactFilter } from "./contact-inbox.ts";

const BADGE_CLASSES: Record<ContactStatus, string> = {
  new: "bg-blue-100 text-blue-800 ring-blue-200",
  read: "bg-gray-100 text-gray-700 ring-gray-200",
  replied: "bg-green-100 text-green-800 ring-green-200",
  closed: "bg-slate-200 text-slate-800 ring-slate-300",
};

export function StatusBadge({ status }: { status: ContactStatus }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE_CLASSES[status]}`} data-testid="contact-status">
      {contactStatusLabels[status]}
    </span>
  );
}

/** 可能是垃圾訊息: a kept message the timing made suspect (issue 22 §1); its reason in words as the badge's description. */
export function SuspectBadge({ contact }: { contact: Pick<Contact, "suspect_reason"> }) {
  if (!contact.suspect_reason) return null;
  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-inset ring-amber-300"
      title={suspectReasonText(contact.suspect_reason)}
      data-testid="contact-suspect"
    >
      <ShieldAlert aria-hidden size={14} />
      {SUSPECT_LABEL}
    </span>
  );
}

const COUNT_CARDS: Record<ContactStatus, { icon: LucideIcon; tint: string }> = {
  new: { icon: Mail, tint: "bg-blue-50 text-blue-700" },
  read: { icon: MailOpen, tint: "bg-gray-100 text-gray-700" },
  replied: { icon: Reply, tint: "bg-green-50 text-green-700" },
  closed: { icon: Archive, tint: "bg-slate-100 text-slate-700" },
};

/** Every message counted by status, whatever the filter. */
export function ContactCountCards({ counts }: { counts: ContactCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="contact-counts">
      {CONTACT_STATUSES.map((status) => {
        const { icon: Icon, tint } = COUNT_CARDS[status];
        return (
          // Only <dt> and <dd> may sit in a <dl>'s group: the icon is drawn inside the term.
          <div key={status} className="relative min-h-[4.75rem] rounded-2xl bg-white py-4 pr-4 pl-[4.5rem] text-gray-900 shadow-sm" data-testid={`contact-count-${status}`}>
            <dt className="text-sm text-gray-600">
              <span className={`absolute top-1/2 left-4 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-xl ${tint}`}>
                <Icon aria-hidden size={22} />
              </span>
              {contactStatusLabels[status]}
            </dt>
            <dd className="text-2xl font-bold" data-testid="contact-count-value">
              {counts[status]}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

interface ContactFilterBarProps {
  value: ContactFilter;
  onChange(filter: ContactFilter): void;
  search: string;
  onSearch(search: string): void;
}

export function ContactFilterBar({ value, onChange, search, onSearch }: ContactFilterBarProps) {
  const labelId = useId();
  return (
    <div role="search" className="space-y-3 rounded-2xl bg-white p-3 text-gray-900 shadow-sm">
      <SearchField label="搜尋聯絡表單" placeholder="姓名、電話、Email 或內容" value={search} onSearch={onSearch} testId="contact-search" />
      <div className="flex flex-wrap items-center gap-3">
        <span id={labelId} className="text-sm font-medium text-gray-700">
          狀態篩選
        </span>
        <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2" data-testid="contact-filter">
          {CONTACT_FILTERS.map((filter) => {
            const on = filter === value;
            return (
              <button
                key={filter}
                type="button"
                aria-pressed={on}
                onClick={() => onChange(filter)}
                className={`rounded-lg border px-3.5 py-1.5 text-sm font-medium ${focusRing} ${
                  on ? "border-blue-600 bg-blue-600 text-white" : "border-gray-300 bg-white text-gray-700 hover:bg-gray-50"
                }`}
              >
                {filterLabel(filter)}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface ContactTableProps {
  contacts: readonly Contact[];
  onOpen(contact: Contact): void;
  /** A page is on its way: the rows are the previous page's. */
  busy: boolean;
  caption: string;
  /** The list's search, marked in each message ('' for none). */
  search: string;
}

const viewButton = `inline-flex items-center justify-center gap-1.5 rounded-lg border border-blue-200 bg-white px-3 py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50 ${focusRing}`;

function ViewButton({ contact, onOpen, className = "" }: { contact: Contact; onOpen(contact: Contact): void; className?: string }) {
  return (
    <button
      type="button"
      className={`${viewButton} ${className}`}
      onClick={(event: MouseEvent) => {
        // The row around it opens the same message.
        event.stopPropagation();
        onOpen(contact);
      }}
      data-testid="contact-view"
    >
      <Eye aria-hidden size={16} />
      查看
      <span className="sr-only">{contact.name}的聯絡表單</span>
    </button>
  );
}

const unread = (contact: Contact) => contact.status === "new";

/** Where a search found a message in what the list does not show: its text, the staff's note. */
function FoundIn({ contact, search }: { contact: Contact; search: string }) {
  return (
    <>
      <FoundExcerpt label="內容" text={contact.message} search={search} testId="contact-found" />
      <FoundExcerpt label="備註" text={contact.staff_note} search={search} testId="contact-found" />
    </>
  );
}

export function ContactTable({ contacts, onOpen, busy, caption, search }: ContactTableProps) {
  const wide = useWideScreen();
  if (!wide) {
    return (
      <ul className="space-y-3" aria-busy={busy} aria-label={caption} data-testid="contact-list" data-layout="cards">
        {contacts.map((contact) => (
          <li
            key={contact.id}
            onClick={() => onOpen(contact)}
            className={`cursor-pointer rounded-2xl bg-white p-4 text-gray-900 shadow-sm ${unread(contact) ? "border-l-4 border-blue-600" : ""}`}
            data-testid="contact-row"
            data-contact-id={contact.id}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className={`break-words ${unread(contact) ? "font-bold" : "font-semibold"}`} data-testid="contact-name">
                  <HighlightedText text={contact.name} search={search} />
                </p>
                {contact.company ? (
                  <p className="break-words text-sm text-gray-600">
                    <HighlightedText text={contact.company} search={search} />
                  </p>
                ) : null}
              </div>
              <span className="flex flex-col items-end gap-1">
                <StatusBadge status={contact.status} />
                <SuspectBadge contact={contact} />
              </span>
            </div>
            <p className="mt-2 break-words text-gray-800" data-testid="contact-subject">
              {contact.subject ? <HighlightedText text={contact.subject} search={search} /> : <span className="text-gray-600">（無主旨）</span>}
            </p>
            <FoundIn contact={contact} search={search} />
            <p className="mt-1 break-all text-sm text-gray-600">
              <HighlightedText text={contact.email} search={search} />
            </p>
            {contact.phone ? (
              <p className="text-sm text-gray-600" data-testid="contact-phone">
                <HighlightedText text={contact.phone} search={search} />
              </p>
            ) : null}
            <div className="mt-3 flex items-center justify-between gap-3">
              <time dateTime={contact.created_at} className="text-sm text-gray-600" data-testid="contact-time">
                {formatDateTime(contact.created_at)}
              </time>
              <ViewButton contact={contact} onOpen={onOpen} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-2xl bg-white text-gray-900 shadow-sm">
      <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={busy} data-testid="contact-list" data-layout="table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              姓名
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              聯絡方式
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              主旨
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              狀態
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              收到時間
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {contacts.map((contact) => (
            <tr
              key={contact.id}
              onClick={() => onOpen(contact)}
              className={`cursor-pointer align-top hover:bg-blue-50/60 ${unread(contact) ? "bg-blue-50/40" : ""}`}
              data-testid="contact-row"
              data-contact-id={contact.id}
            >
              <td className="px-4 py-3">
                <p className={`break-words ${unread(contact) ? "font-bold" : "font-medium"}`} data-testid="contact-name">
                  <HighlightedText text={contact.name} search={search} />
                </p>
                {contact.company ? (
                  <p className="break-words text-gray-600">
                    <HighlightedText text={contact.company} search={search} />
                  </p>
                ) : null}
              </td>
              <td className="px-4 py-3">
                <p className="break-all">
                  <HighlightedText text={contact.email} search={search} />
                </p>
                {contact.phone ? (
                  <p className="text-gray-600" data-testid="contact-phone">
                    <HighlightedText text={contact.phone} search={search} />
                  </p>
                ) : null}
              </td>
              <td className="max-w-xs px-4 py-3">
                <p className={`line-clamp-2 break-words ${unread(contact) ? "font-semibold" : ""}`} data-testid="contact-subject">
                  {contact.subject ? <HighlightedText text={contact.subject} search={search} /> : <span className="text-gray-600">（無主旨）</span>}
                </p>
                <FoundIn contact={contact} search={search} />
              </td>
              <td className="px-4 py-3">
                <span className="flex flex-col items-start gap-1">
                  <StatusBadge status={contact.status} />
                  <SuspectBadge contact={contact} />
                </span>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-gray-700">
                <time dateTime={contact.created_at} data-testid="contact-time">
                  {formatDateTime(contact.created_at)}
                </time>
              </td>
              <td className="px-4 py-3 text-right">
                <ViewButton contact={contact} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
