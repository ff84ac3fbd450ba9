// The two JSON pages' services (decision 031): which services of 服務管理 the
// page shows and in which order (dragged by their handle or moved with 上移 /
// 下移; the whole order is saved with the page, in one request), and what each
// card says differently here (a short text, a title, an icon, a badge, a
// button). The service itself (name, price, pictures, features) is edited in
// 服務管理, linked from each row.
import { useQuery } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, ExternalLink } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { ICON_COLOUR_PRESETS, SERVICE_ICON_LABELS, SERVICE_ICONS, type ServiceIcon } from "#contract/pages.ts";
import { arrangedChoices, type CardOverrides, type ServiceCardSource, type ServiceChoice } from "#contract/service-cards.ts";
import { moveItem } from "#web/admin/shared/dialog-form.ts";
import { SortableList, type MoveTarget } from "#web/admin/shared/sortable-list.tsx";
import { EditorSection, SelectField, TextAreaField, TextField, smallButton, type FieldErrors } from "./editor-fields.tsx";
import { serviceLinkField } from "./page-content.ts";
import { fetchServiceCards, SERVICE_CARDS_QUERY_KEY } from "./pages-api.ts";

const SERVICES_SCREEN = "/admin/services";

const COLOUR_NAMES = ["天藍", "琥珀", "紫羅蘭", "石板灰", "翡翠綠", "橘", "玫瑰", "粉紅", "綠", "青", "靛藍", "紅"];
const THEME_COLOURS = { iconBg: "bg-primary-100", iconColor: "text-primary-600" };
const SAME = "";

const iconName = (icon: string) => SERVICE_ICON_LABELS[icon as ServiceIcon] ?? icon;
const colourIndex = (look: { iconBg?: string; iconColor?: string }) => ICON_COLOUR_PRESETS.findIndex((preset) => preset.iconBg === look.iconBg && preset.iconColor === look.iconColor);
const colourName = (look: { iconBg: string; iconColor: string }) => {
  const index = colourIndex(look);
  return index >= 0 ? (COLOUR_NAMES[index] ?? `配色 ${index + 1}`) : "主題色";
};

/** The cards' sources: every service of 服務管理, refreshed when staff come back from editing one there. */
export function useServiceCards() {
  return useQuery({ queryKey: SERVICE_CARDS_QUERY_KEY, queryFn: ({ signal }) => fetchServiceCards(signal) });
}

interface Props {
  /** The page's stored choice; services it has not seen are listed after it, shown. */
  value: ServiceChoice[];
  onChange(next: ServiceChoice[]): void;
  errors: FieldErrors;
  /** What the page calls its cards (服務卡片, 首頁顯示的服務). */
  title: string;
}

export function ServiceChooser({ value, onChange, errors, title }: Props) {
  const query = useServiceCards();
  const sources = query.data ?? [];
  const byId = new Map(sources.map((source) => [source.id, source]));
  const choices = arrangedChoices(sources, value);
  const rows = choices.map((choice) => ({ id: choice.service_id, choice, source: byId.get(choice.service_id)! }));
  const shown = rows.filter((row) => !row.choice.hidden && row.source.is_active === 1).length;

  const replace = (serviceId: number, next: ServiceChoice) => onChange(choices.map((choice) => (choice.service_id === serviceId ? next : choice)));
  function move(id: number, target: MoveTarget) {
    const from = choices.findIndex((choice) => choice.service_id === id);
    const to = "by" in target ? from + target.by : choices.findIndex((choice) => choice.service_id === target.onto);
    onChange(moveItem(choices, from, to));
  }

  return (
    <EditorSection
      title={`${title}（顯示 ${shown} 項）`}
      testId="service-chooser"
      description={
        <p className="text-sm text-gray-700">
          勾選要在這個頁面顯示的服務並調整順序；每張卡片都會連到該服務的詳細頁面。服務的名稱、價格、圖片與特色請在
          <a href={SERVICES_SCREEN} target="_blank" rel="noopener noreferrer" className="mx-1 font-medium text-blue-700 underline">
            服務管理
            <span className="sr-only">（在新視窗開啟）</span>
          </a>
          編輯，所有頁面會一起更新。
        </p>
      }
    >
      {query.isPending ? <p className="text-sm text-gray-600">載入服務中...</p> : null}
      {query.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          無法載入服務管理的服務，請重新整理後再試。
        </p>
      ) : null}
      {query.isSuccess && rows.length === 0 ? <p className="text-sm text-gray-600">服務管理裡還沒有服務，請先到服務管理新增。</p> : null}
      {rows.length > 0 ? (
        <SortableList
          items={rows}
          nameOf={(row) => row.source.name}
          noun="服務"
          layout="list"
          onMove={move}
          className="divide-y divide-gray-200 overflow-hidden rounded-xl border border-gray-200 bg-white"
          testId="chosen-services"
          itemTestId="chosen-service"
          itemClassName={(dragging) => (dragging ? "relative z-10 bg-blue-50 shadow-lg" : "bg-white")}
          renderItem={(row, index, { handle, moves }) => (
            <ChoiceRow
              choice={row.choice}
              source={row.source}
              position={index + 1}
              errors={errors}
              handle={handle}
              moves={moves}
              onChange={(next) => replace(row.id, next)}
            />
          )}
        />
      ) : null}
    </EditorSection>
  );
}

function ChoiceRow({ choice, source, position, errors, handle, moves, onChange }: {
  choice: ServiceChoice;
  source: ServiceCardSource;
  position: number;
  errors: FieldErrors;
  handle: ReactNode;
  moves: ReactNode;
  onChange(next: ServiceChoice): void;
}) {
  const linkField = serviceLinkField(source.id);
  const [expanded, setExpanded] = useState(false);
  const open = expanded || Boolean(errors[linkField]);
  const panelId = useId();
  const checkboxId = useId();
  const prefix = `choice-${source.id}`;
  // A field cleared goes back to the service's own text.
  const set = <K extends keyof CardOverrides>(key: K, next: CardOverrides[K]) => {
    const updated: ServiceChoice = { ...choice, [key]: next };
    if (next === undefined || next === "") delete updated[key];
    onChange(updated);
  };
  const setButton = (part: "text" | "link", text: string) => {
    const button = { text: choice.button?.text ?? "", link: choice.button?.link ?? "", [part]: text };
    set("button", button.text || button.link ? button : undefined);
  };
  const colour = colourIndex(choice);
  const overridden = (["title", "description", "icon", "iconBg", "badge", "button", "image"] as const).filter((key) => choice[key] !== undefined).length;

  return (
    <div className="p-3" data-service-id={source.id}>
      <div className="flex flex-wrap items-center gap-2">
        {handle}
        <input
          id={checkboxId}
          type="checkbox"
          checked={!choice.hidden}
          onChange={(event) => onChange(event.target.checked ? (({ hidden: _hidden, ...rest }) => rest)(choice) : { ...choice, hidden: true })}
          className="h-5 w-5 shrink-0 accent-blue-600"
          data-testid="show-service"
        />
        <label htmlFor={checkboxId} className="flex min-h-11 min-w-0 flex-1 cursor-pointer flex-wrap items-center gap-x-2">
          <span className="w-6 text-right text-sm text-gray-600">{position}.</span>
          <span className="font-semibold text-gray-900" data-testid="chosen-service-name">
            {source.name}
          </span>
          <span className="sr-only">：在此頁顯示</span>
          {choice.title ? <span className="text-sm text-gray-700">（卡片標題：{choice.title}）</span> : null}
          {source.category_name ? <span className="text-sm text-gray-600">{source.category_name}</span> : null}
          {source.is_active !== 1 ? <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">服務已停用，不會顯示</span> : null}
          {choice.hidden ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">不顯示</span> : null}
        </label>
        <div className="flex flex-wrap gap-2">
          {moves}
          <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setExpanded(!open)} className={smallButton}>
            {open ? <ChevronUp aria-hidden size={16} /> : <ChevronDown aria-hidden size={16} />}
            卡片設定{overridden > 0 ? `（${overridden}）` : ""}
            <span className="sr-only">：{source.name}</span>
          </button>
        </div>
      </div>
      {open ? (
        <div id={panelId} className="mt-3 grid gap-4 rounded-lg border border-gray-200 bg-gray-50 p-4 sm:grid-cols-2" data-testid="choice-overrides">
          <p className="text-sm text-gray-700 sm:col-span-2">
            留空的欄位沿用服務管理的內容。
            <a href={SERVICES_SCREEN} target="_blank" rel="noopener noreferrer" className="ml-1 inline-flex min-h-11 items-center gap-1 font-medium text-blue-700 underline">
              <ExternalLink aria-hidden size={14} />
              在服務管理編輯「{source.name}」
              <span className="sr-only">（在新視窗開啟）</span>
            </a>
          </p>
          <TextField field={`${prefix}-title`} label="卡片標題" placeholder={source.name} value={choice.title ?? ""} onChange={(text) => set("title", text)} />
          <TextField field={`${prefix}-badge`} label="標籤（選填）" placeholder="例如：熱門" value={choice.badge ?? ""} onChange={(text) => set("badge", text)} />
          <div className="sm:col-span-2">
            <TextAreaField field={`${prefix}-description`} label="卡片短文" placeholder={source.description} value={choice.description ?? ""} onChange={(text) => set("description", text)} />
          </div>
          <SelectField
            field={`${prefix}-icon`}
            label="圖示"
            value={choice.icon ?? SAME}
            options={[{ value: SAME, label: `沿用（${iconName(source.icon)}）` }, ...SERVICE_ICONS.filter((icon) => icon !== source.icon).map((icon) => ({ value: icon, label: SERVICE_ICON_LABELS[icon] }))]}
            onChange={(icon) => set("icon", icon || undefined)}
          />
          <SelectField
            field={`${prefix}-colour`}
            label="圖示配色"
            value={colour >= 0 ? String(colour) : choice.iconBg ? "theme" : SAME}
            options={[
              { value: SAME, label: `沿用（${colourName({ iconBg: source.iconBg, iconColor: source.iconColor })}）` },
              { value: "theme", label: "主題色" },
              ...ICON_COLOUR_PRESETS.map((_, index) => ({ value: String(index), label: COLOUR_NAMES[index] ?? `配色 ${index + 1}` })),
            ]}
            onChange={(picked) => {
              const preset = picked === SAME ? null : picked === "theme" ? THEME_COLOURS : ICON_COLOUR_PRESETS[Number(picked)]!;
              const updated: ServiceChoice = { ...choice };
              delete updated.iconBg;
              delete updated.iconColor;
              if (preset && (preset.iconBg !== source.iconBg || preset.iconColor !== source.iconColor)) Object.assign(updated, preset);
              onChange(updated);
            }}
          />
          <TextField field={`${prefix}-buttonText`} label="按鈕文字（選填）" placeholder="立即諮詢" value={choice.button?.text ?? ""} onChange={(text) => setButton("text", text)} />
          <TextField
            field={linkField}
            label="按鈕連結（選填）"
            errors={errors}
            help="網站路徑（例如 /contact）或完整的 https:// 網址"
            value={choice.button?.link ?? ""}
            onChange={(text) => setButton("link", text)}
          />
          {choice.image ? (
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <img src={choice.image} alt={`「${source.name}」在此頁的卡片圖片`} className="h-16 w-24 rounded-lg object-cover" />
              <button type="button" onClick={() => set("image", undefined)} className={smallButton}>
                改用服務管理的圖片
              </button>
            </div>
          ) : null}
          <p className="text-xs text-gray-600 sm:col-span-2">價格、圖片與服務特色來自服務管理。</p>
        </div>
      ) : null}
    </div>
  );
}
