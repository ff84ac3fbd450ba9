// The page editor's side panel (002 §2.7): the page title, what visitors see
// now, and the SEO fields with their recommended lengths. The state shown is
// the saved page's, never the checkbox's (decision 042): a live page is taken
// offline by 下架, its own action asking first, and a page visitors do not see
// gets 立即發布 for its next 發布.
import { useId } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FieldError, FieldHelp, inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { ids, type FieldErrors } from "./editor-fields.tsx";
import { SEO_DESCRIPTION_LENGTH, SEO_TITLE_LENGTH, seoLength } from "#contract/seo-length.ts";
import type { PageDraft } from "./page-content.ts";

/** The saved page as visitors meet it, and the way to take it offline. */
export interface PublishedState {
  /** Visitors see the page now (its saved record is published). */
  live: boolean;
  /** The record exists (a built-in page listed from its defaults does not yet). */
  created: boolean;
  /** Where visitors find it, as people read it. */
  address: string;
  unpublishing: boolean;
  onUnpublish(): void;
}

interface Props {
  draft: PageDraft;
  errors: FieldErrors;
  onChange(patch: Partial<PageDraft>): void;
  published: PublishedState;
}

export function PageSettingsPanel({ draft, errors, onChange, published }: Props) {
  return (
    <aside className="shrink-0 space-y-4 border-b border-gray-200 bg-white p-4 lg:w-80 lg:overflow-y-auto lg:border-r lg:border-b-0" aria-label="頁面設定" data-testid="page-settings">
      <div data-testid="field-title">
        <label htmlFor={ids.field("title")} className="block text-sm font-medium text-gray-800">
          頁面標題
          <span aria-hidden className="ml-0.5 text-red-600">
            *
          </span>
        </label>
        <input
          id={ids.field("title")}
          value={draft.title}
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={ids.describedBy("title", errors.title, undefined)}
          onChange={(event) => onChange({ title: event.target.value })}
          className={`${inputClass} min-h-11`}
        />
        <FieldError ids={ids} field="title" error={errors.title} />
      </div>
      <PublishState draft={draft} onChange={onChange} published={published} />
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold">SEO 設定</legend>
        <SeoField field="meta_title" label="SEO 標題" range={SEO_TITLE_LENGTH} empty="尚未填寫" value={draft.meta_title} error={errors.meta_title} onChange={(text) => onChange({ meta_title: text })} />
        <SeoField field="meta_description" label="SEO 描述" range={SEO_DESCRIPTION_LENGTH} empty="尚未填寫" value={draft.meta_description} error={errors.meta_description} multiline onChange={(text) => onChange({ meta_description: text })} />
        <div>
          <label htmlFor={ids.field("meta_keywords")} className="block text-sm font-medium text-gray-800">
            關鍵字
          </label>
          <input
            id={ids.field("meta_keywords")}
            value={draft.meta_keywords}
            aria-invalid={errors.meta_keywords ? true : undefined}
            aria-describedby={ids.describedBy("meta_keywords", errors.meta_keywords, "help")}
            onChange={(event) => onChange({ meta_keywords: event.target.value })}
            className={`${inputClass} min-h-11`}
          />
          <FieldHelp ids={ids} field="meta_keywords" help="以逗號分隔，例如：清潔公司,基隆,水塔清洗" />
          <FieldError ids={ids} field="meta_keywords" error={errors.meta_keywords} />
        </div>
      </fieldset>
    </aside>
  );
}

function SeoField({ field, label, range, empty, value, error, multiline, onChange }: { field: string; label: string; range: { min: number; max: number }; empty: string; value: string; error?: string; multiline?: boolean; onChange(text: string): void }) {
  const { state, help } = seoLength(value, range, empty);
  const props = {
    id: ids.field(field),
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.describedBy(field, error, help),
    className: `${inputClass} min-h-11`,
  } as const;
  return (
    <div data-testid={`field-${field}`}>
      <label htmlFor={ids.field(field)} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {multiline ? <textarea {...props} rows={4} onChange={(event) => onChange(event.target.value)} /> : <input {...props} onChange={(event) => onChange(event.target.value)} />}
      <p id={ids.help(field)} className={`mt-1 text-xs ${state === "ok" ? "text-green-800" : state === "long" ? "text-amber-800" : "text-gray-600"}`} data-testid={`${field}-count`}>
        {help}
      </p>
      <FieldError ids={ids} field={field} error={error} />
    </div>
  );
}

function PublishState({ draft, onChange, published }: Pick<Props, "draft" | "onChange" | "published">) {
  const { live, created, address, unpublishing, onUnpublish } = published;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-gray-200 p-3" data-testid="page-publish-state">
      <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-800">
        網站上
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${live ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-800"}`} data-testid="page-public-status">
          {live ? "已發布" : created ? "未發布（草稿）" : "尚未建立"}
        </span>
      </h3>
      {live ? (
        <>
          <p className="text-xs text-gray-600">訪客現在看得到這個頁面（{address}）。按「發布」會更新網站上的內容；要讓訪客看不到，請按「下架」。</p>
          <button
            type="button"
            onClick={onUnpublish}
            disabled={unpublishing}
            className={`inline-flex min-h-11 items-center rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 ${focusRing}`}
            data-testid="unpublish-page"
          >
            {unpublishing ? "下架中..." : "下架"}
          </button>
        </>
      ) : (
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" checked={draft.is_active} onChange={(event) => onChange({ is_active: event.target.checked })} className="size-5 accent-blue-600" data-testid="page-active" />
          <span className="font-medium">立即發布</span>
          <span className="text-xs text-gray-600">{draft.is_active ? "按「發布」後訪客就看得到" : "按「儲存草稿」只保存，訪客看不到"}</span>
        </label>
      )}
    </section>
  );
}
