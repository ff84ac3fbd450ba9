// The editor's side panel (002 §2.1): publish settings (title, slug, summary,
// status in words with the publication time for a scheduled or published post,
// featured), the cover picture, category, tags, and the search-engine title and
// description with their recommended lengths. Each control is tied to its
// error and help lines; ids come from one fieldIds("post") so a refused save
// can focus its first error.
import { ImagePlus, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { BLOG_STATUSES, blogStatusLabels, slugify, tagNames, type BlogCategory, type BlogStatus, type BlogTag } from "#contract/blog.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { Thumbnail } from "#web/admin/shared/dialog-fields.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { FieldError, fieldIds, inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { MediaPicker } from "#web/admin/shared/media-picker.tsx";
import { BLOG_TEXT } from "./blog-list.ts";
import { hasPublishTime, seoAdvice, toggleTag, type PostForm } from "./post-form.ts";

export const postIds = fieldIds("post");

/** How many of the most used tags are offered beside the field. */
const SUGGESTED_TAGS = 12;

const smallButton = `inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`;

interface PostSettingsPanelProps {
  form: PostForm;
  errors: FieldErrors;
  categories: readonly BlogCategory[];
  tags: readonly BlogTag[];
  /** Whether the slug still follows the title (said under the field). */
  slugFollows: boolean;
  /** What a save will do with the status and time (publishTimeNote). */
  timeNote: string;
  onTitle(title: string): void;
  onSlug(slug: string): void;
  onChange(patch: Partial<PostForm>): void;
}

export function PostSettingsPanel({ form, errors, categories, tags, slugFollows, timeNote, onTitle, onSlug, onChange }: PostSettingsPanelProps) {
  const [picking, setPicking] = useState(false);
  const slugPreview = slugify(form.slug);
  const chosenTags = new Set(tagNames(form.tags).map((name) => name.toLowerCase()));
  const suggestions = [...tags].sort((a, b) => b.post_count - a.post_count).slice(0, SUGGESTED_TAGS);
  const categoryKnown = form.category_id === "" || categories.some((category) => String(category.id) === form.category_id);

  return (
    <div className="space-y-5">
      <Section title="發布設定">
        <Field field="title" label="標題" required errors={errors}>
          {(props) => <input {...props} value={form.title} maxLength={200} onChange={(event) => onTitle(event.target.value)} />}
        </Field>
        <Field
          field="slug"
          label="網址代稱"
          errors={errors}
          help={`${slugFollows ? "會隨標題自動產生。" : ""}只能有小寫英文、數字、中文與連字號，留空則依標題產生。網址：/blog/${slugPreview || "（依標題產生）"}`}
        >
          {(props) => <input {...props} value={form.slug} maxLength={200} onChange={(event) => onSlug(event.target.value)} onBlur={() => form.slug !== slugPreview && onSlug(slugPreview)} />}
        </Field>
        <Field field="summary" label="摘要" errors={errors} help="顯示在文章列表與分享連結；留空則取內文開頭">
          {(props) => <textarea {...props} rows={3} value={form.summary} maxLength={1000} onChange={(event) => onChange({ summary: event.target.value })} />}
        </Field>
        <Field field="status" label="狀態" errors={errors}>
          {(props) => (
            <select {...props} value={form.status} onChange={(event) => onChange({ status: event.target.value as BlogStatus })}>
              {BLOG_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {blogStatusLabels[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {hasPublishTime(form.status) ? (
          <Field field="published_at" label="發布時間（台灣時間）" required={form.status === "scheduled"} errors={errors} help={timeNote}>
            {(props) => <input {...props} type="datetime-local" value={form.published_at} onChange={(event) => onChange({ published_at: event.target.value })} />}
          </Field>
        ) : null}
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 py-2">
          <input type="checkbox" checked={form.is_featured} onChange={(event) => onChange({ is_featured: event.target.checked })} className="size-5 accent-blue-600" data-testid="post-is-featured" />
          <span className="font-medium">精選文章</span>
          <span className="ml-auto text-xs text-gray-600">顯示在最新消息頁的精選區</span>
        </label>
      </Section>

      <Section title="封面圖片">
        <div data-testid="field-featured_image">
          {form.featured_image ? (
            <Thumbnail src={form.featured_image} alt="封面圖片" className="aspect-video w-full rounded-lg" testId="post-cover" />
          ) : (
            <p className="text-sm text-gray-600">尚未選擇封面圖片；分享到社群時會使用網站預設圖片</p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" onClick={() => setPicking(true)} className={smallButton}>
              <ImagePlus aria-hidden size={16} />
              {form.featured_image ? "更換封面圖片" : "從媒體庫選擇"}
            </button>
            {form.featured_image ? (
              <button type="button" onClick={() => onChange({ featured_image: "" })} className={smallButton}>
                <X aria-hidden size={16} />
                移除封面圖片
              </button>
            ) : null}
          </div>
          <FieldError ids={postIds} field="featured_image" error={errors.featured_image} />
        </div>
        <MediaPicker open={picking} onClose={() => setPicking(false)} accept="image" title="選擇封面圖片" onConfirm={([file]) => file && onChange({ featured_image: file.file_path || file.file_url })} />
      </Section>

      <Section title="分類與標籤">
        <Field field="category_id" label="分類" errors={errors}>
          {(props) => (
            <select {...props} value={form.category_id} onChange={(event) => onChange({ category_id: event.target.value })}>
              <option value="">{BLOG_TEXT.uncategorised}</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
              {/* A category deleted since the post was opened: shown until another is chosen. */}
              {categoryKnown ? null : <option value={form.category_id}>（已刪除的分類）</option>}
            </select>
          )}
        </Field>
        <Field field="tags" label="標籤" errors={errors} help="以逗號分隔，例如：居家清潔, 收納；新的標籤會自動建立">
          {(props) => <input {...props} value={form.tags} onChange={(event) => onChange({ tags: event.target.value })} />}
        </Field>
        {suggestions.length > 0 ? (
          <div role="group" aria-label="常用標籤" className="flex flex-wrap gap-1.5" data-testid="tag-suggestions">
            {suggestions.map((tag) => {
              const on = chosenTags.has(tag.name.toLowerCase());
              return (
                <button
                  key={tag.id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => onChange({ tags: toggleTag(form.tags, tag.name) })}
                  className={`min-h-11 rounded-full border px-3 text-sm ${on ? "border-blue-600 bg-blue-50 text-blue-800" : "border-gray-300 bg-white text-gray-700 hover:bg-gray-50"} ${focusRing}`}
                >
                  {on ? "✓ " : "+ "}
                  {tag.name}
                </button>
              );
            })}
          </div>
        ) : null}
      </Section>

      <Section title="SEO 設定">
        {(["seo_title", "seo_description"] as const).map((field) => {
          const length = seoAdvice(field, form[field]);
          const label = field === "seo_title" ? "SEO 標題" : "SEO 描述";
          return (
            <Field key={field} field={field} label={label} errors={errors} help={length.help} helpTone={length.state === "ok" ? "good" : length.state === "long" ? "warn" : "plain"}>
              {(props) =>
                field === "seo_title" ? (
                  <input {...props} value={form[field]} maxLength={200} onChange={(event) => onChange({ [field]: event.target.value })} />
                ) : (
                  <textarea {...props} rows={4} value={form[field]} maxLength={500} onChange={(event) => onChange({ [field]: event.target.value })} />
                )
              }
            </Field>
          );
        })}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 text-base font-semibold text-gray-900">{title}</legend>
      {children}
    </fieldset>
  );
}

interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
  className: string;
}

const HELP_TONES = { plain: "text-gray-600", good: "text-green-800", warn: "text-amber-800" } as const;

/** A labelled control with its help and error lines; `children` draws the control with the props that tie them. */
function Field({ field, label, required, errors, help, helpTone = "plain", children }: { field: string; label: string; required?: boolean; errors: FieldErrors; help?: string; helpTone?: keyof typeof HELP_TONES; children(props: ControlProps): ReactNode }) {
  const error = errors[field];
  return (
    <div data-testid={`field-${field}`}>
      <label htmlFor={postIds.field(field)} className="block text-sm font-medium text-gray-800">
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      {children({
        id: postIds.field(field),
        name: field,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": postIds.describedBy(field, error, help || undefined),
        "aria-required": required || undefined,
        className: `${inputClass} min-h-11`,
      })}
      <FieldError ids={postIds} field={field} error={error} />
      {help ? (
        <p id={postIds.help(field)} className={`mt-1 text-xs ${HELP_TONES[helpTone]}`} data-testid={`${field}-help`}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

