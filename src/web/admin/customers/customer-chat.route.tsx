// /admin/customers/:customerId (002 §2.5, §4, §5, §7, §8): one customer's
// conversation, full screen (the list is its own view, on a phone too).
// History oldest first, polled every few seconds so that new messages appear
// while it is open; opening it, and each new message while open, marks the
// customer's messages read (the sidebar's badge drops). Sending: text (with
// optional quick-reply buttons), one image or PDF uploaded first; each shows
// 傳送中 until the server answers, then 已送出 or 傳送失敗 with 重新傳送.
// The history opens at the newest message and stays there while pictures load
// and messages arrive, unless staff scrolled up to read: then 新訊息 takes them
// down.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowLeft, ChevronUp, Pencil, Trash2 } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { CUSTOMER_MESSAGES, type CustomerConversation, type CustomerUpdate, type Message, type OutgoingMessage } from "#contract/customers.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { ErrorBanner, focusRing, LoadError, NoticeArea, RetryButton, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { ApiError, errorMessage } from "#web/admin/shared/api-client.ts";
import { adminMeta } from "#web/admin/shared/browser-screen.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { actionFailure, fieldErrorsOf, type SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { NOTIFICATIONS_QUERY_KEY } from "#web/admin/shell/notifications-provider.tsx";
import { ChatComposer, type Draft } from "./chat-composer.tsx";
import { ChatMessage } from "./chat-message.tsx";
import { CustomerEditDialog } from "./customer-edit-dialog.tsx";
import {
  CHAT_POLL_MS,
  conversationKey,
  CUSTOMERS_QUERY_KEY,
  customerName,
  deleteItems,
  hasUnreadIncoming,
  INBOX_TEXTS,
  mergeMessages,
  messageDay,
  needsHttpsSite,
  sendFailureText,
  SITE_ADDRESS_SETTINGS_HREF,
} from "./customer-inbox.ts";
import { BlockedBadge, CustomerAvatar, TagChips } from "./customer-list.tsx";
import type { CustomersLocationState } from "./customers.route.tsx";
import { deleteCustomer, fetchConversation, fetchOlderMessages, markMessagesRead, resendLineMessage, sendLineMessage, updateCustomer, uploadLineFile } from "./customers-api.ts";

export const meta = () => adminMeta("LINE 客服");

export { clientLoader, HydrateFallback } from "#web/admin/shared/browser-screen.tsx";

/** What the list hands over: its own page, search and tag, for the way back. */
interface ChatLocationState {
  listSearch?: string;
}

const SENT_TEXT = { text: CUSTOMER_MESSAGES.messageSent, image: CUSTOMER_MESSAGES.imageSent, file: CUSTOMER_MESSAGES.pdfSent } as const;
const FAILED_TEXT = { text: CUSTOMER_MESSAGES.messageSendFailed, image: CUSTOMER_MESSAGES.imageSendFailed, file: CUSTOMER_MESSAGES.fileSendFailed } as const;

/** How a send ended: gone, stored as failed (shown with 重新傳送), or refused before anything was stored. */
type Delivery = "sent" | "failed" | "refused";

export default function CustomerChat() {
  const { customerId } = useParams();
  const id = Number(customerId);
  const location = useLocation();
  const listHref = `/admin/customers${(location.state as ChatLocationState | null)?.listSearch ?? ""}`;

  return Number.isInteger(id) && id > 0 ? (
    <Conversation key={id} id={id} listHref={listHref} />
  ) : (
    <ChatFrame listHref={listHref}>
      <div className="p-4">
        <LoadError message={CUSTOMER_MESSAGES.customerNotFound} testId="chat-load-error" action={<BackLink href={listHref} />} />
      </div>
    </ChatFrame>
  );
}

/** The chat covers the screen beside the sidebar (under the phone's top bar, which keeps the menu). */
function ChatFrame({ listHref, header, children }: { listHref: string; header?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="chat-title" className="fixed inset-x-0 top-14 bottom-0 z-20 flex flex-col bg-gray-100 text-gray-900 lg:top-0 lg:left-64" data-testid="customer-chat">
      <header className="flex items-center gap-2 border-b border-gray-200 bg-white px-2 py-2 sm:px-4">
        <Link to={listHref} aria-label="返回客戶列表" className={`grid size-11 shrink-0 place-items-center rounded-lg text-gray-700 hover:bg-gray-100 ${focusRing}`}>
          <ArrowLeft aria-hidden size={22} />
        </Link>
        {header ?? (
          <h1 id="chat-title" className="font-semibold">
            LINE 客服
          </h1>
        )}
      </header>
      {children}
    </section>
  );
}

function BackLink({ href }: { href: string }) {
  return (
    <Link to={href} className={`inline-flex min-h-11 items-center rounded-lg border border-red-300 bg-white px-3 text-sm font-medium hover:bg-red-100 ${focusRing}`}>
      返回客戶列表
    </Link>
  );
}

let localIds = 0;

function Conversation({ id, listHref }: { id: number; listHref: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const [editing, setEditing] = useState(false);
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const [pending, setPending] = useState<Message[]>([]);
  const [older, setOlder] = useState<{ messages: Message[]; hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [sending, setSending] = useState(false);
  const [resending, setResending] = useState<number | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [siteAddressProblem, setSiteAddressProblem] = useState("");
  const [unseen, setUnseen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const history = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  /** Where the last automatic scroll put the view (Infinity once the reader moved up from it). */
  const autoTop = useRef(Number.POSITIVE_INFINITY);
  const seenLastId = useRef<number | undefined>(undefined);
  const marking = useRef(false);

  const key = conversationKey(id);
  const conversation = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchConversation(id, signal),
    refetchInterval: CHAT_POLL_MS,
    staleTime: 0,
    retry: false,
  });
  const data = conversation.data;
  const customer = data?.customer;
  const messages = mergeMessages(mergeMessages(older?.messages ?? [], data?.messages ?? []), pending);
  const hasMore = older ? older.hasMore : (data?.has_more ?? false);

  const reloadList = () => client.invalidateQueries({ queryKey: [...CUSTOMERS_QUERY_KEY, "list"] });
  const patchConversation = (change: (current: CustomerConversation) => CustomerConversation) =>
    client.setQueryData<CustomerConversation>(key, (current) => current && change(current));

  // Opening the chat, and every message that comes while it is open, marks the customer's messages read (002 §4).
  useEffect(() => {
    if (!data || marking.current) return;
    if (data.customer.unread_count === 0 && !hasUnreadIncoming(data.messages)) return;
    marking.current = true;
    markMessagesRead(id)
      .then(() => {
        patchConversation((current) => ({
          ...current,
          customer: { ...current.customer, unread_count: 0 },
          messages: current.messages.map((message) => (message.direction === "incoming" ? { ...message, is_read: true } : message)),
        }));
        void client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
        void reloadList();
      })
      .catch((error: unknown) => {
        console.warn(INBOX_TEXTS.readFailed, error);
        setNotice({ tone: "error", text: errorMessage(error, INBOX_TEXTS.readFailed) });
      })
      .finally(() => {
        marking.current = false;
      });
  }, [data, id, client, setNotice]);

  function scrollToBottom() {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    autoTop.current = element.scrollTop;
  }

  // The newest message stays in view while the reader is at the bottom; one scrolled up to read
  // is left there, and told that something new came (新訊息).
  const lastId = messages.at(-1)?.id;
  useLayoutEffect(() => {
    if (stickToBottom.current) scrollToBottom();
    else if (seenLastId.current !== undefined && lastId !== undefined && lastId !== seenLastId.current) setUnseen(true);
    seenLastId.current = lastId;
  }, [lastId, messages.length]);

  // Pictures load after that scroll and push the newest words down (under the composer); the
  // view itself shrinks when the composer grows or a phone's keyboard opens. Both keep the bottom.
  const shown = customer !== undefined;
  useEffect(() => {
    const element = scroller.current;
    const content = history.current;
    if (!shown || !element || !content) return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) scrollToBottom();
    });
    observer.observe(content);
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    // A scroll event of our own can arrive after a picture grew the history again: only a move
    // up from where we put the view, or a view away from the bottom after one, lets it go.
    if (element.scrollTop < autoTop.current - 1) autoTop.current = Number.POSITIVE_INFINITY;
    stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80 || element.scrollTop >= autoTop.current - 1;
    if (stickToBottom.current) setUnseen(false);
  }

  function showNewest() {
    stickToBottom.current = true;
    setUnseen(false);
    scrollToBottom();
  }

  async function loadOlder() {
    const first = messages.find((message) => message.id > 0);
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    const element = scroller.current;
    const fromBottom = element ? element.scrollHeight - element.scrollTop : 0;
    try {
      const page = await fetchOlderMessages(id, first.id);
      stickToBottom.current = false;
      autoTop.current = Number.POSITIVE_INFINITY;
      setOlder((current) => ({ messages: mergeMessages(current?.messages ?? [], page.messages), hasMore: page.has_more }));
      // Keep the message that was at the top where it was.
      requestAnimationFrame(() => {
        if (element) element.scrollTop = element.scrollHeight - fromBottom;
      });
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error, INBOX_TEXTS.chatLoadFailed) });
    } finally {
      setLoadingOlder(false);
    }
  }

  /** One message to LINE, shown as 傳送中 until the server answers. */
  async function deliver(outgoing: OutgoingMessage, shown: Pick<Message, "message_type" | "message_content" | "media_url" | "file_name">): Promise<Delivery> {
    const placeholder: Message = {
      id: -(++localIds),
      ...shown,
      direction: "outgoing",
      timestamp: new Date().toISOString(),
      is_read: true,
      delivery_status: "sending",
      delivery_method: "",
      delivery_error: "",
      media_error: "",
      media_download: "",
    };
    stickToBottom.current = true;
    setSiteAddressProblem("");
    setPending((current) => [...current, placeholder]);
    try {
      const result = await sendLineMessage(id, outgoing);
      patchConversation((current) => ({ ...current, messages: mergeMessages(current.messages, [result.data.message]) }));
      setNotice({ tone: "success", text: SENT_TEXT[outgoing.type] });
      return "sent";
    } catch (error) {
      console.warn(FAILED_TEXT[outgoing.type], error);
      const reason = errorMessage(error, "");
      if (needsHttpsSite(reason)) {
        setNotice(null);
        setSiteAddressProblem(reason);
      } else {
        setNotice({ tone: "error", text: sendFailureText(FAILED_TEXT[outgoing.type], reason) });
      }
      // A refusal by LINE is stored as failed, with its reason and 重新傳送.
      return error instanceof ApiError && error.status === 502 ? "failed" : "refused";
    } finally {
      setPending((current) => current.filter((message) => message.id !== placeholder.id));
      void conversation.refetch();
      void reloadList();
    }
  }

  /** The file first (uploaded, then sent), then the text; what could not be sent stays in the box. */
  async function send(draft: Draft): Promise<Draft | null> {
    setSending(true);
    try {
      if (draft.file) {
        let uploaded;
        try {
          setUploadPercent(0);
          uploaded = (await uploadLineFile(id, draft.file, (progress) => setUploadPercent(progress.percent))).data;
        } catch (error) {
          console.warn(CUSTOMER_MESSAGES.uploadFailed, error);
          setNotice({ tone: "error", text: errorMessage(error, CUSTOMER_MESSAGES.uploadFailed) });
          return draft;
        } finally {
          setUploadPercent(null);
        }
        const image = uploaded.kind === "image";
        const outcome = await deliver(
          image ? { type: "image", imageUrl: uploaded.url } : { type: "file", fileUrl: uploaded.url, fileName: uploaded.file_name },
          { message_type: image ? "image" : "file", message_content: "", media_url: uploaded.url, file_name: uploaded.file_name },
        );
        if (outcome === "refused") return draft;
      }
      if (draft.text.trim()) {
        const outcome = await deliver(
          { type: "text", message: draft.text.trim(), quick_replies: draft.quickReplies },
          { message_type: "text", message_content: draft.text.trim(), media_url: "", file_name: "" },
        );
        if (outcome === "refused") return { ...draft, file: null };
      }
      return null;
    } finally {
      setSending(false);
    }
  }

  /** A failed message sent again in place: the same message turns 已送出 (or stays 傳送失敗 with LINE's new reason). */
  async function resend(message: Message) {
    const type = message.message_type === "image" ? "image" : message.message_type === "file" ? "file" : "text";
    setResending(message.id);
    setSiteAddressProblem("");
    patchConversation((current) => ({ ...current, messages: current.messages.map((shown) => (shown.id === message.id ? { ...shown, delivery_status: "sending" } : shown)) }));
    try {
      const result = await resendLineMessage(id, message.id);
      patchConversation((current) => ({ ...current, messages: mergeMessages(current.messages, [result.data.message]) }));
      setNotice({ tone: "success", text: SENT_TEXT[type] });
    } catch (error) {
      console.warn(FAILED_TEXT[type], error);
      const reason = errorMessage(error, "");
      if (needsHttpsSite(reason)) {
        setNotice(null);
        setSiteAddressProblem(reason);
      } else {
        setNotice({ tone: "error", text: sendFailureText(FAILED_TEXT[type], reason) });
      }
    } finally {
      setResending(null);
      void conversation.refetch();
    }
  }

  async function save(input: CustomerUpdate): Promise<SaveOutcome> {
    try {
      const result = await updateCustomer(id, input);
      patchConversation((current) => ({ ...current, customer: result.data }));
      setEditing(false);
      setNotice({ tone: "success", text: result.message || CUSTOMER_MESSAGES.customerUpdated });
      void reloadList();
      return { ok: true };
    } catch (error) {
      console.warn(CUSTOMER_MESSAGES.updateFailed, error);
      return { ok: false, message: actionFailure(error, CUSTOMER_MESSAGES.updateFailed), errors: fieldErrorsOf(error) };
    }
  }

  async function remove() {
    if (!customer) return;
    const confirmed = await confirm({ title: "刪除客戶", message: CUSTOMER_MESSAGES.deleteWarning, items: deleteItems(customer), confirmLabel: "刪除" });
    if (!confirmed) return;
    try {
      const result = await deleteCustomer(id);
      client.removeQueries({ queryKey: key });
      void reloadList();
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      const state: CustomersLocationState = { notice: { tone: "success", text: result.message || CUSTOMER_MESSAGES.customerDeleted } };
      await navigate(listHref, { state });
    } catch (error) {
      console.warn(CUSTOMER_MESSAGES.deleteFailed, error);
      setNotice({ tone: "error", text: errorMessage(error, CUSTOMER_MESSAGES.deleteFailed) });
    }
  }

  const notices = <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="chat-notice" errorTestId="chat-error" placement="inline" />;

  if (!customer) {
    return (
      <ChatFrame listHref={listHref}>
        <div className="p-4">
          {conversation.isError ? (
            <LoadError
              message={errorMessage(conversation.error, INBOX_TEXTS.chatLoadFailed)}
              testId="chat-load-error"
              action={conversation.error instanceof ApiError && conversation.error.status === 404 ? <BackLink href={listHref} /> : <RetryButton onRetry={() => void conversation.refetch()} />}
            />
          ) : (
            <AdminLoading label="載入對話中..." />
          )}
        </div>
      </ChatFrame>
    );
  }

  const name = customerName(customer);
  const header = (
    <>
      <CustomerAvatar customer={customer} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h1 id="chat-title" className="truncate font-semibold" data-testid="chat-name">
            {name}
          </h1>
          {customer.is_following ? null : <BlockedBadge />}
        </div>
        <div className="hidden sm:block">
          <TagChips tags={customer.tags} all />
        </div>
      </div>
      <button type="button" onClick={() => setEditing(true)} aria-label="編輯客戶" className={`inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-gray-300 px-2 text-gray-800 hover:bg-gray-50 sm:px-3 ${focusRing}`}>
        <Pencil aria-hidden size={18} />
        <span aria-hidden className="hidden sm:inline">
          編輯
        </span>
      </button>
      <button type="button" onClick={() => void remove()} aria-label="刪除客戶" className={`inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-red-200 px-2 text-red-800 hover:bg-red-50 sm:px-3 ${focusRing}`}>
        <Trash2 aria-hidden size={18} />
        <span aria-hidden className="hidden sm:inline">
          刪除
        </span>
      </button>
    </>
  );

  let previousDay = "";
  return (
    <ChatFrame listHref={listHref} header={header}>
      {customer.notes ? (
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-sm text-amber-900" data-testid="chat-notes">
          <span className="font-semibold">備註：</span>
          {customer.notes}
        </p>
      ) : null}
      <div className="relative min-h-0 flex-1">
        <div className="pointer-events-none absolute inset-x-2 top-2 z-10 [&_*]:pointer-events-auto">
          {editing ? null : siteAddressProblem ? (
            <ErrorBanner onDismiss={() => setSiteAddressProblem("")} testId="chat-site-address">
              {siteAddressProblem}
              <Link to={SITE_ADDRESS_SETTINGS_HREF} className={`ml-1 inline-flex min-h-11 items-center font-semibold underline ${focusRing}`}>
                前往網站設定
              </Link>
            </ErrorBanner>
          ) : (
            notices
          )}
        </div>
        {unseen ? (
          <button
            type="button"
            onClick={showNewest}
            className={`absolute bottom-3 left-1/2 z-10 inline-flex min-h-11 -translate-x-1/2 items-center gap-1.5 rounded-full bg-blue-600 px-4 text-sm font-semibold text-white shadow-lg hover:bg-blue-700 ${focusRing}`}
            data-testid="chat-new-messages"
          >
            <ArrowDown aria-hidden size={16} />
            新訊息
          </button>
        ) : null}
        <div ref={scroller} onScroll={onScroll} className="h-full overflow-y-auto px-3 py-4 sm:px-6" data-testid="chat-history" tabIndex={0} aria-label="對話紀錄">
          <div ref={history}>
            {hasMore ? (
              <div className="mb-4 text-center">
                <button type="button" onClick={() => void loadOlder()} disabled={loadingOlder} className={`inline-flex min-h-11 items-center gap-1 rounded-full bg-white px-4 text-sm font-medium text-gray-800 shadow-sm hover:bg-gray-50 disabled:opacity-60 ${focusRing}`}>
                  <ChevronUp aria-hidden size={16} />
                  {loadingOlder ? "載入中..." : "載入較早的訊息"}
                </button>
              </div>
            ) : null}
            {messages.length === 0 ? (
              <p className="mt-10 text-center text-gray-600" data-testid="chat-empty">
                {INBOX_TEXTS.noMessages}
              </p>
            ) : (
              <ol className="space-y-3" data-testid="chat-messages">
                {messages.map((message) => {
                  const day = messageDay(message.timestamp);
                  const heading = day !== previousDay ? day : "";
                  previousDay = day;
                  return [
                    heading ? (
                      <li key={`day-${day}`} className="py-1 text-center" aria-hidden>
                        <span className="rounded-full bg-gray-200 px-3 py-0.5 text-xs text-gray-700">{heading}</span>
                      </li>
                    ) : null,
                    <ChatMessage key={message.id} message={message} onEnlarge={setEnlarged} onResend={(failed) => void resend(failed)} resending={resending === message.id} />,
                  ];
                })}
              </ol>
            )}
          </div>
        </div>
      </div>
      {customer.is_following ? null : (
        <p className="bg-gray-200 px-4 py-1.5 text-sm text-gray-800" data-testid="chat-blocked-note">
          這位客戶已封鎖官方帳號，訊息將無法送達。
        </p>
      )}
      <ChatComposer onSend={send} uploadPercent={uploadPercent} sending={sending} onRefused={(text) => setNotice({ tone: "error", text })} />

      <CustomerEditDialog customer={editing ? customer : null} onClose={() => setEditing(false)} onSave={save} notices={notices} />
      <AdminDialog open={enlarged !== null} title={`${name} 的圖片`} onClose={() => setEnlarged(null)} size="xl">
        {enlarged ? (
          <div className="space-y-3">
            <img src={enlarged} alt={`${name} 的圖片`} className="mx-auto max-h-[75vh] w-auto max-w-full object-contain" data-testid="enlarged-image" />
            <a href={enlarged} target="_blank" rel="noopener" className={`inline-flex min-h-11 items-center text-blue-700 underline ${focusRing}`}>
              開啟原始圖片
            </a>
          </div>
        ) : null}
      </AdminDialog>
    </ChatFrame>
  );
}
