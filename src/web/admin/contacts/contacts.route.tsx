// /admin/contacts (001 §2, §3, §4, §7, §8, §9): the visitors' messages,
// ten a page, newest first, with the four counts, a search (the words marked
// in the results) and a status filter, kept in the address. Opening
// a new message marks it read at once (list, counts and the sidebar badge
// first, then the server); the detail dialog changes the status and deletes
// after our own confirmation.
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Contact, ContactList } from "#contract/contact.ts";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { AdminPageHeader } from "#web/admin/shared/admin-page-header.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { NOTIFICATIONS_QUERY_KEY, useNotifications } from "#web/admin/shell/notifications-provider.tsx";
import { ContactDetailDialog, type SettableStatus } from "./contact-detail-dialog.tsx";
import {
  CONTACT_MESSAGES,
  CONTACTS_QUERY_KEY,
  contactAddressOf,
  contactListKey,
  contactParamsOf,
  contactSummary,
  deleteQuestion,
  filterLabel,
  pageFallback,
  withStatus,
  type ContactListParams,
} from "./contact-inbox.ts";
import { AdminPagination } from "#web/admin/shared/admin-pagination.tsx";
import { pageAfterDelete } from "#web/lib/page-items.ts";
import { ContactCountCards, ContactFilterBar, ContactTable } from "./contact-list.tsx";
import { deleteContact, fetchContacts, updateContactNote, updateContactStatus } from "./contacts-api.ts";

export const meta = () => adminMeta("聯絡表單");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

export default function Contacts() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const { markContactRead } = useNotifications();
  const [notice, setNotice] = useNotice();
  const [address, setAddress] = useSearchParams();
  const params = contactParamsOf(address);
  const { page, filter, search } = params;
  const [selected, setSelected] = useState<Contact | null>(null);
  const [savingStatus, setSavingStatus] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // A new filter or search starts again at the first page.
  const change = useCallback(
    (next: Partial<ContactListParams>) => setAddress((current) => contactAddressOf({ ...contactParamsOf(current), page: 1, ...next }), { replace: true }),
    [setAddress],
  );
  const listKey = contactListKey(params);
  const query = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchContacts(params, signal),
    // The previous page stays on screen while the next one comes.
    placeholderData: keepPreviousData,
    retry: false,
  });
  const list = query.data;

  // Messages deleted elsewhere can leave this page past the last one.
  useEffect(() => {
    if (!list || query.isPlaceholderData) return;
    const fallback = pageFallback(list, page);
    if (fallback !== null) change({ page: fallback });
  }, [list, page, query.isPlaceholderData, change]);

  const reloadList = () => client.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
  const reloadAll = () => Promise.all([reloadList(), client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY })]);

  function open(contact: Contact) {
    if (contact.status !== "new") {
      setSelected(contact);
      return;
    }
    // Read at once here (001 §4); then the server is told, and a refusal puts it all back.
    const key = listKey;
    void client.cancelQueries({ queryKey: CONTACTS_QUERY_KEY });
    client.setQueryData<ContactList>(key, (current) => current && withStatus(current, contact.id, "read"));
    setSelected({ ...contact, status: "read" });
    const settle = markContactRead();
    updateContactStatus(contact.id, "read").then(
      () => {
        settle(true);
        void reloadList();
      },
      (error: unknown) => {
        console.warn("標為已讀失敗", error);
        settle(false);
        client.setQueryData<ContactList>(key, (current) => current && withStatus(current, contact.id, "new"));
        setSelected((current) => (current?.id === contact.id && current.status === "read" ? { ...current, status: "new" } : current));
        setNotice({ tone: "error", text: errorMessage(error, CONTACT_MESSAGES.operationFailed) });
        void reloadList();
      },
    );
  }

  async function changeStatus(contact: Contact, status: SettableStatus) {
    setSavingStatus(true);
    try {
      const result = await updateContactStatus(contact.id, status);
      setSelected((current) => (current?.id === contact.id ? result.data : current));
      setNotice({ tone: "success", text: result.message || CONTACT_MESSAGES.statusUpdated });
      void reloadAll();
    } catch (error) {
      console.warn("更新聯絡表單狀態失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, CONTACT_MESSAGES.operationFailed) });
    } finally {
      setSavingStatus(false);
    }
  }

  async function saveNote(contact: Contact, note: string): Promise<boolean> {
    try {
      const result = await updateContactNote(contact.id, note);
      setSelected((current) => (current?.id === contact.id ? result.data : current));
      setNotice({ tone: "success", text: result.message || "備註已儲存" });
      void reloadList();
      return true;
    } catch (error) {
      console.warn("儲存聯絡表單備註失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, CONTACT_MESSAGES.operationFailed) });
      return false;
    }
  }

  async function remove(contact: Contact) {
    const confirmed = await confirm({ title: "刪除聯絡表單", message: deleteQuestion(contact), items: [contactSummary(contact)], confirmLabel: "刪除" });
    if (!confirmed) return;
    setDeleting(true);
    try {
      const result = await deleteContact(contact.id);
      setSelected(null);
      setNotice({ tone: "success", text: result.message || CONTACT_MESSAGES.deleted });
      const after = pageAfterDelete(page, list?.contacts.length ?? 0);
      if (after !== page) change({ page: after });
      void reloadAll();
    } catch (error) {
      console.warn("刪除聯絡表單失敗", error);
      setNotice({ tone: "error", text: errorMessage(error, CONTACT_MESSAGES.deleteFailed) });
    } finally {
      setDeleting(false);
    }
  }

  const notices = <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="contact-notice" errorTestId="contact-error" />;
  const totalPages = Math.max(1, list?.pagination.total_pages ?? 1);
  const capped = list?.pagination.total_capped === true;
  const caption = `聯絡表單（${filterLabel(filter)}${search ? `，搜尋「${search}」` : ""}），第 ${page}${capped ? "" : ` / ${totalPages}`} 頁`;

  return (
    <>
      <AdminPageHeader title="聯絡表單管理" description="查看與處理網站訪客送出的聯絡表單" />

      <div className="space-y-5">
        {/* While a message is open the toasts show inside its dialog: the page behind is covered. */}
        {selected ? null : notices}

        {query.isPending ? (
          <AdminLoading label="載入聯絡表單中..." />
        ) : query.isError && !list ? (
          <LoadError
            message={errorMessage(query.error, CONTACT_MESSAGES.loadFailed)}
            testId="contacts-load-error"
            action={<RetryButton onRetry={() => void query.refetch()} />}
          />
        ) : list ? (
          <>
            <section aria-label="各狀態數量">
              <ContactCountCards counts={list.counts} />
            </section>

            <section aria-labelledby="contact-list-heading" className="space-y-3">
              <h2 id="contact-list-heading" className="sr-only">
                聯絡表單列表
              </h2>
              <ContactFilterBar value={filter} onChange={(next) => change({ filter: next })} search={search} onSearch={(next) => change({ search: next })} />
              {query.isError ? (
                <LoadError
                  message={errorMessage(query.error, CONTACT_MESSAGES.loadFailed)}
                  testId="contacts-load-error"
                  action={<RetryButton onRetry={() => void query.refetch()} />}
                />
              ) : null}
              {list.contacts.length === 0 ? (
                <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-10 text-center text-gray-700 shadow-sm" data-testid="contact-empty">
                  <Inbox aria-hidden size={40} className="text-gray-400" />
                  <p className="font-medium">{list.counts.total === 0 ? CONTACT_MESSAGES.emptyInbox : CONTACT_MESSAGES.emptyFilter}</p>
                </div>
              ) : (
                <>
                  <ContactTable contacts={list.contacts} onOpen={open} busy={query.isPlaceholderData} caption={caption} search={search} />
                  <AdminPagination
                    page={page}
                    totalPages={totalPages}
                    total={list.pagination.total}
                    onPage={(next) => change({ page: next })}
                    capped={capped}
                    pageFull={list.contacts.length >= list.pagination.per_page}
                  />
                </>
              )}
            </section>
          </>
        ) : null}
      </div>

      <ContactDetailDialog
        contact={selected}
        onClose={() => setSelected(null)}
        onStatus={(contact, status) => void changeStatus(contact, status)}
        onDelete={(contact) => void remove(contact)}
        onNote={saveNote}
        savingStatus={savingStatus}
        deleting={deleting}
        notices={notices}
      />
    </>
  );
}
