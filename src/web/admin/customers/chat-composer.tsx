// The chat's text box (002 §5): Enter sends, Shift+Enter makes a new line;
// one attachment, an image or a PDF of at most 10 MB, refused in the spec's
// words; 傳送 is disabled with neither text nor file. 常用回覆 fills the box
// with a saved answer; 快速回覆按鈕 adds buttons the customer can tap under a
// text.
import { LoaderCircle, MessageSquareText, Paperclip, Plus, Send, X, Zap } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatFileSize } from "#contract/file-sizes.ts";
import { LINE_TEXT_MAX, QUICK_REPLY_MAX_ITEMS, QUICK_REPLY_TEXT_MAX } from "#contract/customers.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { addQuickReply, attachmentProblem, canSend, isImageFile, sendsOnEnter } from "./customer-inbox.ts";
import { CannedRepliesDialog } from "./canned-replies-dialog.tsx";

export interface Draft {
  text: string;
  file: File | null;
  quickReplies: string[];
}

interface ChatComposerProps {
  /** Sends the draft; answers what is left to send (kept in the box for another try), or null when all went. */
  onSend(draft: Draft): Promise<Draft | null>;
  /** The upload's progress while a file goes up, else null. */
  uploadPercent: number | null;
  sending: boolean;
  onRefused(message: string): void;
}

const iconButton = `inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 aria-pressed:bg-blue-50 aria-pressed:text-blue-800 ${focusRing}`;

export function ChatComposer({ onSend, uploadPercent, sending, onRefused }: ChatComposerProps) {
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [quickOpen, setQuickOpen] = useState(false);
  const [quickReplies, setQuickReplies] = useState<string[]>([]);
  const [cannedOpen, setCannedOpen] = useState(false);
  const textBox = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const ready = canSend(text, file) && !sending;

  async function send() {
    if (!ready) return;
    const left = await onSend({ text, file, quickReplies: text.trim() && quickOpen ? quickReplies : [] });
    setText(left?.text ?? "");
    setFile(left?.file ?? null);
    if (!left) {
      setQuickReplies([]);
      setQuickOpen(false);
    }
    textBox.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!sendsOnEnter({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    void send();
  }

  function choose(chosen: File | undefined) {
    if (fileInput.current) fileInput.current.value = "";
    if (!chosen) return;
    const problem = attachmentProblem(chosen);
    if (problem) {
      onRefused(problem);
      return;
    }
    setFile(chosen);
  }

  return (
    <div className="border-t border-gray-200 bg-white p-2 text-gray-900 sm:p-3" data-testid="chat-composer">
      {file ? <AttachmentChip file={file} percent={uploadPercent} onRemove={sending ? null : () => setFile(null)} /> : null}
      {quickOpen ? <QuickReplyEditor list={quickReplies} onChange={setQuickReplies} /> : null}
      <label htmlFor={textId} className="sr-only">
        訊息內容
      </label>
      <textarea
        ref={textBox}
        id={textId}
        value={text}
        maxLength={LINE_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder="輸入訊息，按 Enter 傳送，Shift+Enter 換行"
        className="block max-h-40 min-h-11 w-full resize-none rounded-lg border border-gray-300 px-3 py-2 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/40"
        data-testid="chat-text"
      />
      <div className="mt-2 flex items-center gap-1">
        <input ref={fileInput} type="file" accept="image/*,application/pdf,.pdf" className="hidden" onChange={(event) => choose(event.target.files?.[0])} data-testid="chat-file-input" tabIndex={-1} aria-hidden />
        <button type="button" className={iconButton} onClick={() => fileInput.current?.click()} disabled={sending} aria-label="附加圖片或 PDF" title="附加圖片或 PDF（10MB 以內）">
          <Paperclip aria-hidden size={20} />
        </button>
        <button type="button" className={iconButton} onClick={() => setCannedOpen(true)} aria-label="常用回覆" title="常用回覆">
          <MessageSquareText aria-hidden size={20} />
        </button>
        <button type="button" className={iconButton} aria-pressed={quickOpen} onClick={() => setQuickOpen((open) => !open)} aria-label="快速回覆按鈕" title="在文字訊息下加上客戶可點選的按鈕">
          <Zap aria-hidden size={20} />
        </button>
        <button
          type="button"
          onClick={() => void send()}
          disabled={!ready}
          className={`ml-auto inline-flex min-h-11 items-center gap-2 rounded-lg bg-blue-600 px-5 font-semibold text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 ${focusRing}`}
        >
          {sending ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : <Send aria-hidden size={18} />}
          {sending ? "傳送中..." : "傳送"}
        </button>
      </div>
      <CannedRepliesDialog
        open={cannedOpen}
        onClose={() => setCannedOpen(false)}
        onUse={(reply) => {
          setText(reply.text);
          setCannedOpen(false);
          // After the dialog has given the focus back.
          requestAnimationFrame(() => textBox.current?.focus());
        }}
      />
    </div>
  );
}

function AttachmentChip({ file, percent, onRemove }: { file: File; percent: number | null; onRemove: (() => void) | null }) {
  const [preview, setPreview] = useState("");
  useEffect(() => {
    if (!isImageFile(file)) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div className="mb-2 flex items-center gap-3 rounded-lg border border-gray-200 bg-gray-50 p-2" data-testid="chat-attachment">
      {preview ? <img src={preview} alt="" className="size-12 rounded object-cover" /> : <span className="grid size-12 place-items-center rounded bg-red-50 text-xs font-bold text-red-800">PDF</span>}
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate font-medium">{file.name}</p>
        <p className="text-gray-600">{percent === null ? formatFileSize(file.size) : `上傳中 ${percent}%`}</p>
      </div>
      {onRemove ? (
        <button type="button" onClick={onRemove} className={`grid size-11 place-items-center rounded-lg text-gray-700 hover:bg-gray-200 ${focusRing}`} aria-label={`移除附件：${file.name}`}>
          <X aria-hidden size={18} />
        </button>
      ) : null}
    </div>
  );
}

function QuickReplyEditor({ list, onChange }: { list: string[]; onChange(list: string[]): void }) {
  const [label, setLabel] = useState("");
  const id = useId();
  const full = list.length >= QUICK_REPLY_MAX_ITEMS;
  const add = () => {
    onChange(addQuickReply(list, label));
    setLabel("");
  };
  return (
    <div className="mb-2 rounded-lg border border-blue-200 bg-blue-50 p-2" data-testid="quick-reply-editor">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        快速回覆按鈕（客戶點選後會以該文字回覆，最多 {QUICK_REPLY_MAX_ITEMS} 個）
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={label}
          maxLength={QUICK_REPLY_TEXT_MAX}
          disabled={full}
          onChange={(event) => setLabel(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            event.preventDefault();
            add();
          }}
          placeholder="例如：我要預約"
          className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/40 disabled:bg-gray-100"
        />
        <button type="button" onClick={add} disabled={full || !label.trim()} className={`inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg bg-white px-3 font-medium text-blue-800 ring-1 ring-blue-300 hover:bg-blue-100 disabled:opacity-50 ${focusRing}`}>
          <Plus aria-hidden size={16} />
          新增
        </button>
      </div>
      {list.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="已加入的快速回覆按鈕" data-testid="quick-reply-list">
          {list.map((item) => (
            <li key={item} className="inline-flex items-center rounded-full bg-white pl-3 text-sm text-gray-900 ring-1 ring-blue-300" data-testid="quick-reply">
              {item}
              <button type="button" onClick={() => onChange(list.filter((other) => other !== item))} className={`grid size-11 place-items-center rounded-full text-gray-600 hover:text-gray-900 ${focusRing}`} aria-label={`移除快速回覆：${item}`}>
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
