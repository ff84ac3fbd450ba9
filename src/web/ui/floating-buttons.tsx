// Floating LINE and phone buttons (000 §2, §9): shown 500 ms after
// load, each only when switched on and when it has somewhere to go. Static
// HTML (decision 015): the buttons are in the page from the start and the
// stylesheet keeps them hidden for the first 500 ms (.floating-in in ui/theme.css).
import { Headset, MessageCircle, MessageCircleHeart, MessageCircleMore, MessageSquare, Phone, PhoneCall, PhoneOutgoing, Smartphone, type LucideIcon } from "lucide-react";
import { parseFloatingIcon, type FloatingButtonKind } from "#contract/floating-icons.ts";
import { isOn, type PublicSettings } from "#contract/settings.ts";
import { useSiteData } from "./site-data.ts";
import { telHref } from "./contact-links.ts";

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
  if (preset === "LINE") return <LineWordmark size={size} />;
  const Icon = preset;
  return <Icon aria-hidden size={Math.round(size * 0.46)} />;
}

/**
 * LINE's name drawn as its logo: white on the button's colour, whatever that
 * colour is. A logotype has no contrast requirement (WCAG 1.4.3), and the
 * button is named by its aria-label, so the drawing is hidden from screen readers.
 */
function LineWordmark({ size }: { size: number }) {
  const width = Math.round(size * 0.62);
  return (
    <svg aria-hidden viewBox="0 0 36 14" width={width} height={Math.round((width * 14) / 36)} className="overflow-visible">
      <text x="18" y="11.5" textAnchor="middle" fontSize="13" fontWeight="800" letterSpacing="-0.4" fill="currentColor">
        LINE
      </text>
    </svg>
  );
}

/** Which buttons show and how big they are, or null when none does. */
function shownButtons(settings: Partial<PublicSettings>) {
  if (!isOn(settings.floating_buttons_enabled)) return null;
  const size = Number(settings.floating_button_size) || 56;
  const lineUrl = settings.line_add_friend_url;
  const phone = settings.company_phone || settings.contact_phone;
  const showLine = isOn(settings.floating_line_enabled) && Boolean(lineUrl);
  const showPhone = isOn(settings.floating_phone_enabled) && Boolean(phone);
  return showLine || showPhone ? { size, lineUrl, phone, showLine, showPhone } : null;
}

/** The stack's distance from the window's bottom edge (bottom-5; sm:bottom-8 from 40rem) and between its buttons (gap-3), in px. */
const STACK_BOTTOM = { phone: 20, wide: 32 };
const STACK_GAP = 12;
/** Room between the buttons and a focused field: its focus ring (2 px) and some air. */
const CLEARANCE = 8;

/**
 * The page's scroll padding at the bottom, as high as the buttons reach: when the
 * browser brings a focused field or button into view (Tab, a refused field taking the
 * focus), it puts it above them instead of under them. Empty without buttons.
 */
export function floatingButtonsScrollPadding(settings: Partial<PublicSettings>): string {
  const shown = shownButtons(settings);
  if (!shown) return "";
  const count = Number(shown.showLine) + Number(shown.showPhone);
  const stack = count * shown.size + (count - 1) * STACK_GAP + CLEARANCE;
  return `html{scroll-padding-bottom:${stack + STACK_BOTTOM.phone}px}@media (min-width:40rem){html{scroll-padding-bottom:${stack + STACK_BOTTOM.wide}px}}`;
}

/** `settings` overrides the site's own: the back office previews unsaved values with it. */
export function FloatingButtons(props: { settings?: Partial<PublicSettings> }) {
  const site = useSiteData();
  const settings = props.settings ?? site.settings;
  const shown = shownButtons(settings);
  if (!shown) return null;
  const { size, lineUrl, phone, showLine, showPhone } = shown;

  const buttonClass =
    "floating-in flex items-center justify-center rounded-full text-white shadow-lg ring-1 ring-black/5 transition-transform hover:scale-105 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    // A landmark of its own: every part of the page sits in one (WCAG 1.3.1, axe's region rule).
    <aside aria-label="快速聯絡" className="floating-buttons fixed bottom-5 right-4 z-50 flex flex-col gap-3 sm:bottom-8 sm:right-6" data-testid="floating-buttons">
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
    </aside>
  );
}
