// The browser-tab alert of 001 §4: while there is unread mail after a
// rise and the tab is hidden, the title alternates every second with
// "(N) 新訊息 - …" and the favicon carries a badge. Visible = paused (normal
// title and icon); clear() ends it and puts both back.
import { badgeText, blinkTitle, TITLE_BLINK_MS } from "./notifications.ts";

export class TabAlert {
  private active = false;
  private count = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private showingAlert = false;
  /** The page's own title, as React last set it. */
  private baseTitle = "";
  /** What this class last wrote into document.title; anything else means React changed it. */
  private written: string | null = null;
  private originalIcons = new Map<HTMLLinkElement, string | null>();
  private baseIcon: Promise<HTMLImageElement | null> | null = null;
  private drawn = new Map<string, string>();
  private readonly onVisibility = () => this.sync();
  private readonly doc: Document;

  constructor(doc: Document = document) {
    this.doc = doc;
    doc.addEventListener("visibilitychange", this.onVisibility);
  }

  get isActive() {
    return this.active;
  }

  /** A count rose: alert with this unread total (nothing when it is 0). */
  start(count: number) {
    if (count <= 0) return this.clear();
    this.active = true;
    this.count = count;
    this.sync();
  }

  /** New counts while alerting: follow them, and stop once nothing is unread. */
  update(count: number) {
    if (!this.active) return;
    if (count <= 0) return this.clear();
    this.count = count;
    if (this.showingAlert) this.showAlert();
  }

  /** Any interaction, a route change or a nav click (001 §4). */
  clear() {
    this.active = false;
    this.pause();
  }

  dispose() {
    this.clear();
    this.doc.removeEventListener("visibilitychange", this.onVisibility);
  }

  private sync() {
    if (this.active && this.doc.visibilityState === "hidden") this.resume();
    else this.pause();
  }

  private resume() {
    if (this.timer !== undefined) return;
    this.baseTitle = this.doc.title;
    this.timer = setInterval(() => (this.showingAlert ? this.showNormal() : this.showAlert()), TITLE_BLINK_MS);
    this.showAlert();
  }

  private pause() {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.showNormal();
    this.restoreIcons();
  }

  private showAlert() {
    // React may have set a new title since the last tick (it never runs while we write ours).
    if (this.doc.title !== this.written) this.baseTitle = this.doc.title;
    this.written = blinkTitle(this.count, this.baseTitle);
    this.doc.title = this.written;
    this.showingAlert = true;
    void this.drawIcon(this.count);
  }

  private showNormal() {
    if (this.showingAlert && this.doc.title === this.written) this.doc.title = this.baseTitle;
    this.written = this.doc.title;
    this.showingAlert = false;
  }

  private iconLinks(): HTMLLinkElement[] {
    return [...this.doc.querySelectorAll<HTMLLinkElement>("link[rel~='icon']")];
  }

  private async drawIcon(count: number) {
    const text = badgeText(count);
    if (!text || this.iconLinks().length === 0) return;
    try {
      let url = this.drawn.get(text);
      if (!url) {
        url = await this.renderBadge(text);
        this.drawn.set(text, url);
      }
      // The alert may have ended while the icon was being drawn.
      if (!this.active || this.timer === undefined) return;
      for (const link of this.iconLinks()) {
        if (!this.originalIcons.has(link)) this.originalIcons.set(link, link.getAttribute("href"));
        link.setAttribute("href", url);
      }
    } catch (error) {
      console.warn("無法繪製分頁圖示徽章", error);
    }
  }

  private restoreIcons() {
    for (const [link, href] of this.originalIcons) {
      if (href === null) link.removeAttribute("href");
      else link.setAttribute("href", href);
    }
    this.originalIcons.clear();
  }

  private loadBaseIcon(): Promise<HTMLImageElement | null> {
    const href = this.iconLinks()[0]?.getAttribute("href");
    if (!href || href.startsWith("data:")) return Promise.resolve(null);
    return new Promise((resolve) => {
      const image = new Image();
      // Same-origin or CORS-enabled icons keep the canvas readable; others are skipped.
      image.crossOrigin = "anonymous";
      const timeout = setTimeout(() => resolve(null), 2_000);
      image.onload = () => {
        clearTimeout(timeout);
        resolve(image);
      };
      image.onerror = () => {
        clearTimeout(timeout);
        resolve(null);
      };
      image.src = href;
    });
  }

  private async renderBadge(text: string): Promise<string> {
    const size = 64;
    const canvas = this.doc.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("canvas 2d context unavailable");
    this.baseIcon ??= this.loadBaseIcon();
    const base = await this.baseIcon;
    if (base) {
      try {
        context.drawImage(base, 0, 0, size, size);
      } catch {
        // A broken or undrawable icon: the badge alone still says enough.
      }
    }
    const radius = text.length > 2 ? 26 : 22;
    const cx = size - radius;
    const cy = radius;
    context.beginPath();
    context.arc(cx, cy, radius, 0, Math.PI * 2);
    context.fillStyle = "#dc2626";
    context.fill();
    context.lineWidth = 3;
    context.strokeStyle = "#ffffff";
    context.stroke();
    context.fillStyle = "#ffffff";
    context.font = `bold ${text.length > 2 ? 22 : text.length > 1 ? 28 : 32}px sans-serif`;
    context.textAlign = "center";
    context.textBaseline = "middle";
    context.fillText(text, cx, cy + 1);
    try {
      return canvas.toDataURL("image/png");
    } catch {
      // The base icon tainted the canvas (cross-origin without CORS): draw the badge alone.
      this.baseIcon = Promise.resolve(null);
      return this.renderBadge(text);
    }
  }
}
