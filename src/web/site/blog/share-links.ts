// Sharing an article (000 §2, §8, §9): Facebook, LINE and X each take the
// article's address in a link of their own, which works as a plain link in a
// new tab; with JavaScript it opens as a 626×436 window centred on the page.
// No zod here: the article's island uses it.

export type ShareNetwork = "facebook" | "line" | "x";

export interface ShareLink {
  network: ShareNetwork;
  /** The network's name as people know it. */
  name: string;
  href: string;
}

/** Each network's share address for this article (its absolute address and title). */
export function shareLinks(url: string, title: string): ShareLink[] {
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return [
    { network: "facebook", name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}` },
    { network: "line", name: "LINE", href: `https://social-plugins.line.me/lineit/share?${query({ url, text: title })}` },
    { network: "x", name: "X", href: `https://x.com/intent/tweet?${query({ url, text: title })}` },
  ];
}

export interface PopupSize {
  width: number;
  height: number;
}

/** The share popup's size (000 §9). */
export const SHARE_POPUP = { width: 626, height: 436 } as const;

/** Where the browser window is on the screen (window.screenX, outerWidth…). */
export interface WindowFrame {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** window.open's features for a share window of `size`, centred over the visitor's window. */
export function popupFeatures(size: PopupSize, frame: WindowFrame): string {
  const left = Math.max(0, Math.round(frame.screenX + (frame.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(frame.screenY + (frame.outerHeight - size.height) / 2));
  return `width=${size.width},height=${size.height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}
