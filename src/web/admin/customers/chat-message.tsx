// One message of a conversation (002 §3): the customer's on the left, the
// staff's on the right; text, a picture (pressed to enlarge), a sticker,
// a shared place with its map link, a file (a PDF opens in the browser's
// viewer, anything else is only downloaded; a file we did not keep says why,
// e.g. too large, instead of 下載中… for ever; 下載失敗，重試中 while a failed
// download is being tried again, and 圖片無法下載 once every try failed). The staff's show
// how the delivery went: 傳送中, 已送出, or 傳送失敗 with LINE's reason and
// 重新傳送.
import { Download, ExternalLink, FileText, MapPin, RotateCcw } from "lucide-react";
import { deliveryStatusLabels, type Message } from "#contract/customers.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { mapsLink, mediaWaitText, messageClock, parseLocation, parseSticker, stickerImageUrl } from "./customer-inbox.ts";

interface ChatMessageProps {
  message: Message;
  onEnlarge(src: string): void;
  onResend(message: Message): void;
  resending: boolean;
}

export function ChatMessage({ message, onEnlarge, onResend, resending }: ChatMessageProps) {
  const outgoing = message.direction === "outgoing";
  const bare = message.message_type === "sticker" || (message.message_type === "image" && message.media_url !== "");
  const bubble = bare ? "" : outgoing ? "rounded-2xl rounded-br-sm bg-green-700 px-3.5 py-2 text-white" : "rounded-2xl rounded-bl-sm bg-white px-3.5 py-2 text-gray-900 shadow-sm";
  return (
    <li className={`flex flex-col ${outgoing ? "items-end" : "items-start"}`} data-testid="chat-message" data-direction={message.direction} data-type={message.message_type}>
      <span className="sr-only">{outgoing ? "我方：" : "客戶："}</span>
      <div className={`max-w-[85%] sm:max-w-[70%] ${bubble}`}>
        <MessageBody message={message} outgoing={outgoing} onEnlarge={onEnlarge} />
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-2 px-1 text-xs text-gray-600">
        <time dateTime={message.timestamp}>{messageClock(message.timestamp)}</time>
        {outgoing && message.delivery_status ? (
          <span className={message.delivery_status === "failed" ? "font-semibold text-red-700" : ""} data-testid="delivery-status">
            {deliveryStatusLabels[message.delivery_status]}
            {message.delivery_status === "failed" && message.delivery_error ? `：${message.delivery_error}` : ""}
          </span>
        ) : null}
      </div>
      {outgoing && message.delivery_status === "failed" ? (
        <button
          type="button"
          disabled={resending}
          onClick={() => onResend(message)}
          className={`mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60 ${focusRing}`}
        >
          <RotateCcw aria-hidden size={16} />
          {resending ? "傳送中..." : "重新傳送"}
        </button>
      ) : null}
    </li>
  );
}

function MessageBody({ message, outgoing, onEnlarge }: { message: Message; outgoing: boolean; onEnlarge(src: string): void }) {
  const link = outgoing ? "text-white underline" : "text-blue-700 underline";
  switch (message.message_type) {
    case "text":
      return <p className="whitespace-pre-wrap break-words">{message.message_content}</p>;
    case "image":
      if (message.media_error) {
        return (
          <>
            <p className="font-medium">{mediaWaitText({ message_type: "image", media_download: "failed" })}</p>
            <MediaError reason={message.media_error} />
          </>
        );
      }
      return message.media_url ? (
        <button type="button" onClick={() => onEnlarge(message.media_url)} className={`block overflow-hidden rounded-2xl ${focusRing}`} aria-label="放大圖片">
          <img src={message.media_url} alt="" loading="lazy" className="max-h-64 w-auto max-w-full bg-gray-100 object-contain" data-testid="chat-image" />
        </button>
      ) : (
        <MediaWait message={message} />
      );
    case "sticker": {
      const sticker = parseSticker(message.message_content);
      return sticker ? <img src={stickerImageUrl(sticker)} alt="貼圖" loading="lazy" className="size-32 object-contain" data-testid="chat-sticker" /> : <p>貼圖</p>;
    }
    case "location": {
      const place = parseLocation(message.message_content);
      const href = place ? mapsLink(place) : null;
      return (
        <div className="flex items-start gap-2" data-testid="chat-location">
          <MapPin aria-hidden size={18} className="mt-0.5 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">{place?.title || "位置資訊"}</p>
            {place?.address ? <p className="text-sm">{place.address}</p> : null}
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" className={`mt-1 inline-flex min-h-11 items-center text-sm font-medium ${link} ${focusRing}`}>
                在 Google 地圖開啟
              </a>
            ) : null}
          </div>
        </div>
      );
    }
    case "file": {
      // A PDF opens (the server serves it inline); anything else the server only ever serves as a download.
      const opens = /\.pdf$/i.test(message.media_url);
      return (
        <div data-testid="chat-file">
          <div className="flex items-center gap-2">
            <FileText aria-hidden size={20} className="shrink-0" />
            <span className="min-w-0 break-all">{message.file_name || "檔案"}</span>
            {message.media_url && opens ? (
              <a href={message.media_url} target="_blank" rel="noopener noreferrer" className={`inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-medium ${link} ${focusRing}`}>
                <ExternalLink aria-hidden size={16} />
                開啟<span className="sr-only">{message.file_name}（在新分頁開啟）</span>
              </a>
            ) : message.media_url ? (
              <a href={message.media_url} download={message.file_name || true} className={`inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-medium ${link} ${focusRing}`}>
                <Download aria-hidden size={16} />
                下載<span className="sr-only">{message.file_name}</span>
              </a>
            ) : message.media_error ? null : (
              <MediaWait message={message} />
            )}
          </div>
          {message.media_error ? <MediaError reason={message.media_error} /> : null}
        </div>
      );
    }
  }
}

/** A customer's picture or file on its way: 下載中…, 下載失敗，重試中 after a failed try, or given up. */
function MediaWait({ message }: { message: Message }) {
  const failing = message.media_download !== "";
  return (
    <span className={`block shrink-0 text-sm ${failing ? "font-medium text-red-800" : "italic opacity-80"}`} data-testid="chat-media-wait" data-state={message.media_download || "downloading"}>
      {mediaWaitText(message)}
    </span>
  );
}

/** Why a customer's file is not here (too large, no longer in LINE), where the file would be. */
function MediaError({ reason }: { reason: string }) {
  return (
    <p className="mt-1 text-sm font-medium text-red-800" data-testid="chat-media-error">
      {reason}
    </p>
  );
}
