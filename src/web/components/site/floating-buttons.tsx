// Floating LINE and phone buttons (000 sections 2 and 9): shown 500 ms after
// load, each only when switched on and when it has somewhere to go.
import { Headset, MessageCircle, MessageCircleHeart, MessageCircleMore, MessageSquare, Phone, PhoneCall, PhoneOutgoing, Smartphone, type LucideIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { parseFloatingIcon, type FloatingButtonKind } from "#contract/floating-buttons.ts";
import { isOn, type PublicSettings } from "#contract/settings.ts";
import { useSiteData } from "#web/lib/site-data.ts";
import { telHref } from "#web/lib/contact-links.ts";

export const FLOATING_BUTTON_DELAY_MS = 500;

const PRESET_ICONS: Record<string, LucideIcon | "LINE"> = {
  "line-bubble": MessageCircle,
  "line-square": MessageSquare,
  "line-dots": MessageCircleMore,
  "line-heart": MessageCircleHeart,
  "line-text": "LINE",
  "phone-classic": Phone,
  "phone-call": PhoneCall,
  "phone-smartphone": Smartphone,
  "phone-headset": Headset,
  "phone-outgoing": PhoneOutgoing,
};

const DEFAULT_PRESET: Record<FloatingButtonKind, string> = { line: "line-bubble", phone: "phone-classic" };

export function FloatingIcon({ kind, value, size }: { kind: FloatingButtonKind; value: string | undefined; size: number }) {
  const icon = parseFloatingIcon(value);
  if (icon && "imageUrl" in icon) {
    return <img src={icon.imageUrl} alt="" width={size} height={size} className="h-full w-full rounded-full object-cover" />;
  }
  const preset = PRESET_ICONS[icon?.preset ?? ""] ?? PRESET_ICONS[DEFAULT_PRESET[kind]];
  if (preset === "LINE") return <span className="text-[0.8rem] font-extrabold tracking-tight">LINE</span>;
  const Icon = preset;
  return <Icon aria-hidden size={Math.round(size * 0.46)} />;
}

/** `settings` overrides the site's own: the back office previews unsaved values with it. */
export function FloatingButtons(props: { settings?: Partial<PublicSettings> }) {
  const site = useSiteData();
  const settings = props.settings ?? site.settings;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), FLOATING_BUTTON_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible || !isOn(settings.floating_buttons_enabled)) return null;
  const size = Number(settings.floating_button_size) || 56;
  const lineUrl = settings.line_add_friend_url;
  const phone = settings.company_phone || settings.contact_phone;
  const showLine = isOn(settings.floating_line_enabled) && Boolean(lineUrl);
  const showPhone = isOn(settings.floating_phone_enabled) && Boolean(phone);
  if (!showLine && !showPhone) return null;

  const buttonClass =
    "floating-in flex items-center justify-center rounded-full text-white shadow-lg ring-1 ring-black/5 transition-transform hover:scale-105 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <div className="fixed bottom-5 right-4 z-50 flex flex-col gap-3 sm:bottom-8 sm:right-6" data-testid="floating-buttons">
      {showLine ? (
        <a
          href={lineUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="加入 LINE 好友"
          className={buttonClass}
          style={{ width: size, height: size, backgroundColor: settings.floating_line_color || "#22c55e" }}
        >
          <FloatingIcon kind="line" value={settings.floating_line_icon} size={size} />
        </a>
      ) : null}
      {showPhone ? (
        <a
          href={telHref(phone!)}
          aria-label={`撥打電話 ${phone}`}
          className={buttonClass}
          style={{ width: size, height: size, backgroundColor: settings.floating_phone_color || "#3b82f6" }}
        >
          <FloatingIcon kind="phone" value={settings.floating_phone_icon} size={size} />
        </a>
      ) : null}
    </div>
  );
}
