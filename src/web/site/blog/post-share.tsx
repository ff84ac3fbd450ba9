// The article's share island (docs/product/public-site.md, decision 015): its
// share links and the copy-link button. The view count is its own island
// (post-view.island.ts), so that it runs for every reader while this one waits
// for a touch (docs/decisions/047-light-to-parse.md). Rendered by the server,
// the share links are plain links that open the network in a new tab. Hydrated,
// a plain click opens a 626×436 window centred on the page instead, and when the
// browser blocks it the link opens its new tab as before; the copy-link button
// (which needs a script) appears and says 連結已複製到剪貼簿. No zod, no router:
// the contract's texts and the popup's size come in the props.
import { Check, Link2 } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { isPlainClick } from "#web/lib/plain-click.ts";
import { popupFeatures, shareLinks, type PopupSize, type ShareNetwork } from "./share-links.ts";

export interface PostShareProps {
  /** The article's absolute address. */
  url: string;
  title: string;
  /** SHARE_POPUP (share-links.ts). */
  popup: PopupSize;
  /** The contract's texts: BLOG_MESSAGES.linkCopied, and what to say when the browser will not copy. */
  texts: { copied: string; copyFailed: string };
}

/** How long the copy message stays. */
const MESSAGE_MS = 4000;

/** Each network's mark: its colours and a short name, drawn (the links are named in words). */
const MARKS: Record<ShareNetwork, { className: string; text: string; fontSize: number }> = {
  facebook: { className: "bg-[#1877f2]", text: "f", fontSize: 24 },
  line: { className: "bg-[#06c755]", text: "LINE", fontSize: 10 },
  x: { className: "bg-black", text: "X", fontSize: 19 },
};

export function PostShare({ url, title, popup, texts }: PostShareProps) {
  const [hydrated, setHydrated] = useState(false);
  const [message, setMessage] = useState("");
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setHydrated(true);
    return () => clearTimeout(clearTimer.current);
  }, []);

  function openPopup(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPlainClick(event)) return;
    const opened = window.open(event.currentTarget.href, "share", popupFeatures(popup, window));
    // Blocked: the link goes on to its new tab.
    if (!opened) return;
    event.preventDefault();
    // The network's page gets no handle on this one.
    opened.opener = null;
  }

  async function copyLink() {
    let copied = true;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      copied = false;
    }
    setMessage(copied ? texts.copied : texts.copyFailed);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setMessage(""), MESSAGE_MS);
  }

  return (
    <section aria-labelledby="post-share-title" data-testid="post-share">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <h2 id="post-share-title" className="font-semibold text-ink">
          分享這篇文章
        </h2>
        <ul className="flex flex-wrap items-center gap-2">
          {shareLinks(url, title).map((link) => {
            const mark = MARKS[link.network];
            return (
              <li key={link.network}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={openPopup}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full bg-card py-1 pl-1 pr-4 text-sm font-medium text-ink ring-1 ring-line hover:bg-surface-muted"
                >
                  <svg aria-hidden viewBox="0 0 32 32" width={32} height={32} className={`shrink-0 rounded-full ${mark.className}`}>
                    <text x="16" y="16" dy="0.36em" textAnchor="middle" fontSize={mark.fontSize} fontWeight="800" fill="#fff">
                      {mark.text}
                    </text>
                  </svg>
                  <span>
                    <span className="sr-only">分享到 </span>
                    {link.name}
                    <span className="sr-only">（開啟新視窗）</span>
                  </span>
                </a>
              </li>
            );
          })}
          {hydrated ? (
            <li>
              <button
                type="button"
                onClick={copyLink}
                className="inline-flex min-h-11 items-center gap-2 rounded-full bg-card px-4 text-sm font-medium text-ink ring-1 ring-line hover:bg-surface-muted"
              >
                {message === texts.copied ? <Check aria-hidden size={18} className="text-success" /> : <Link2 aria-hidden size={18} />}
                複製連結
              </button>
            </li>
          ) : null}
        </ul>
      </div>
      {/* Always in the page, so screen readers hear what comes into it. */}
      <p role="status" className="mt-2 text-sm font-medium text-ink empty:mt-0" data-testid="share-message">
        {message}
      </p>
    </section>
  );
}
