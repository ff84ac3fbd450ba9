// What activating a theme changes on the public site, in words for the
// confirmation of the themes screen (decision 030): the colours that differ,
// the layout type with its content width, and the home page's sections that
// appear or disappear (none, since every layout keeps what staff made, unless
// the staff's own call to action is missing).
import { contentWidthOf, HOME_SECTION_LABELS, homeSectionsOf, type HomeContent, type Theme } from "#contract/theme.ts";
import { colourWords } from "#web/lib/colour-words.ts";
import { layoutLabel, THEME_COLOURS } from "./theme-swatches.tsx";

type Compared = Pick<Theme, "name" | "layout_type" | "primary_color" | "primary_hover" | "secondary_color" | "accent_color" | "bg_primary" | "text_primary">;

const OTHER_COLOURS = [
  { key: "bg_primary", label: "主要背景" },
  { key: "text_primary", label: "主要文字" },
] as const;

/** The lines of the confirmation, from the theme in use (null: the built-in one) to the chosen one. */
export function themeChanges(current: Compared | null, next: Compared, content: HomeContent): string[] {
  const lines: string[] = [];
  for (const { key, label } of [...THEME_COLOURS, ...OTHER_COLOURS]) {
    const from = current?.[key]?.toLowerCase();
    const to = next[key]?.toLowerCase();
    if (to && from !== to) lines.push(from ? `${label}：${colourWords(from)} → ${colourWords(to)}` : `${label}：${colourWords(to)}`);
  }
  if (!current || current.layout_type !== next.layout_type) {
    const width = contentWidthOf(next.layout_type);
    lines.push(
      current
        ? `版面：${layoutLabel(current.layout_type)} → ${layoutLabel(next.layout_type)}（內容寬度 ${contentWidthOf(current.layout_type)} → ${width} px）`
        : `版面：${layoutLabel(next.layout_type)}（內容寬度 ${width} px）`,
    );
  }
  const before = current ? homeSectionsOf(current.layout_type, content) : [];
  const after = homeSectionsOf(next.layout_type, content);
  const added = after.filter((section) => !before.includes(section));
  const removed = before.filter((section) => !after.includes(section));
  const words = (sections: typeof after) => sections.map((section) => HOME_SECTION_LABELS[section]).join("、");
  if (current && added.length === 0 && removed.length === 0) lines.push(`首頁區塊不變：${words(after)}`);
  else {
    if (added.length > 0) lines.push(`首頁新增：${words(added)}`);
    if (removed.length > 0) lines.push(`首頁不再顯示：${words(removed)}`);
  }
  if (lines.length === 0) lines.push("外觀沒有差異");
  return lines;
}

/** The home_services page's content as GET /api.php/pages/home_services answers it: which sections it feeds. */
export function homeContentOf(page: { content?: unknown } | null): HomeContent {
  if (!page) return { services: false, cta: false };
  let content: unknown = page.content;
  if (typeof content === "string") {
    try {
      content = JSON.parse(content);
    } catch {
      return { services: false, cta: false };
    }
  }
  const services = (content as { services?: unknown } | null)?.services;
  return { services: Array.isArray(services) && services.length > 0, cta: content !== null && typeof content === "object" };
}
