// The case form's two tabs (001 §2, §3, §5). 基本資訊: title, service type
// (with a way to manage the types), location, description, completion date
// and service features. 媒體與進階設定: the photo groups, featured, status.
import { Settings2 } from "lucide-react";
import { PORTFOLIO_STATUSES, portfolioStatusLabels, type PortfolioStatus } from "#contract/portfolios.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FieldError, FieldHelp, inputClass, SwitchField, type FieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import type { MoveTarget } from "#web/admin/shared/sortable-list.tsx";
import { FeatureTags } from "./feature-tags.tsx";
import { PhotoGroupsEditor } from "./photo-groups-editor.tsx";
import type { PictureActions } from "./picture-fields.tsx";
import type { CaseFormValues, PhotoGroupDraft } from "./portfolio-form.ts";

const DATE_HELP = "選填；不知道可留空";
const STATUS_HELP = "停用的案例不會顯示在網站上";

interface TabProps {
  ids: FieldIds;
  values: CaseFormValues;
  errors: FieldErrors;
  set<K extends keyof CaseFormValues>(key: K, value: CaseFormValues[K]): void;
}

interface BasicTabProps extends TabProps {
  typeOptions: ReadonlyArray<{ value: string; label: string }>;
  /** Why the dropdown may be short: the types did not load. */
  typesProblem: string;
  onManageTypes(): void;
}

export function BasicInfoTab({ ids, values, errors, set, typeOptions, typesProblem, onManageTypes }: BasicTabProps) {
  const text = (key: "title" | "client" | "description") => (value: string) => set(key, value);
  return (
    <div className="space-y-4">
      <TextField ids={ids} field="title" label="案例標題" required value={values.title} errors={errors} onChange={text("title")} placeholder="例如 社區大樓水塔清洗" />
      <div data-testid="field-category">
        <label htmlFor={ids.field("category")} className="text-sm font-medium text-gray-700">
          服務類型
          <span className="text-red-700" aria-hidden>
            {" "}
            *
          </span>
        </label>
        <div className="flex flex-wrap items-start gap-2">
          <select
            id={ids.field("category")}
            name="category"
            value={values.category}
            aria-required
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={ids.describedBy("category", errors.category, typesProblem || undefined)}
            onChange={(event) => set("category", event.target.value)}
            className={`${inputClass} min-h-11 min-w-0 flex-1 basis-60`}
          >
            {typeOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={onManageTypes}
            className={`mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 ${focusRing}`}
          >
            <Settings2 aria-hidden size={16} />
            管理服務類型
          </button>
        </div>
        <FieldError ids={ids} field="category" error={errors.category} />
        <FieldHelp ids={ids} field="category" help={typesProblem || undefined} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField ids={ids} field="client" label="地點" value={values.client} errors={errors} onChange={text("client")} placeholder="例如 基隆市中正區" />
        <div data-testid="field-completed_at">
          <label htmlFor={ids.field("completed_at")} className="text-sm font-medium text-gray-700">
            完成日期
          </label>
          <input
            id={ids.field("completed_at")}
            name="completed_at"
            type="date"
            value={values.completed_at}
            aria-invalid={errors.completed_at ? true : undefined}
            aria-describedby={ids.describedBy("completed_at", errors.completed_at, DATE_HELP)}
            onChange={(event) => set("completed_at", event.target.value)}
            className={`${inputClass} min-h-11`}
          />
          <FieldError ids={ids} field="completed_at" error={errors.completed_at} />
          <FieldHelp ids={ids} field="completed_at" help={DATE_HELP} />
        </div>
      </div>
      <TextField ids={ids} field="description" label="案例說明" control="textarea" rows={5} value={values.description} errors={errors} onChange={text("description")} />
      <FeatureTags ids={ids} features={values.technologies} error={errors.technologies} onChange={(features) => set("technologies", features)} />
    </div>
  );
}

interface MediaTabProps extends TabProps, PictureActions {
  onGroups(change: (groups: PhotoGroupDraft[]) => PhotoGroupDraft[]): void;
  onMoveGroup(key: number, target: MoveTarget): void;
}

export function MediaTab({ ids, values, errors, set, onGroups, onMoveGroup, onPreview, onPick }: MediaTabProps) {
  return (
    <div className="space-y-5">
      <PhotoGroupsEditor groups={values.photo_groups} errors={errors} onChange={onGroups} onMove={onMoveGroup} onPreview={onPreview} onPick={onPick} />
      {errors.photo_groups ? (
        <p role="alert" className="text-sm text-red-700" data-testid="error-photo_groups">
          {errors.photo_groups}
        </p>
      ) : null}
      <SwitchField
        ids={ids}
        field="featured"
        label="精選案例"
        help="精選案例會優先顯示在網站的清潔案例頁面（最多顯示 3 個）"
        checked={values.featured}
        error={errors.featured}
        onChange={(on) => set("featured", on)}
      />
      <StatusField ids={ids} value={values.status} error={errors.status} onChange={(status) => set("status", status)} />
    </div>
  );
}

function StatusField({ ids, value, error, onChange }: { ids: FieldIds; value: PortfolioStatus; error?: string; onChange(status: PortfolioStatus): void }) {
  return (
    <fieldset className="rounded-lg border border-gray-200 px-4 py-3" data-testid="field-status" aria-describedby={ids.describedBy("status", error, STATUS_HELP)}>
      <legend className="px-1 font-medium text-gray-800">狀態</legend>
      <div className="flex flex-wrap gap-2">
        {PORTFOLIO_STATUSES.map((status) => (
          <label key={status} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-4 has-checked:border-blue-600 has-checked:bg-blue-50">
            <input type="radio" name="status" value={status} checked={value === status} onChange={() => onChange(status)} className="size-4 accent-blue-600" />
            {portfolioStatusLabels[status]}
          </label>
        ))}
      </div>
      <FieldHelp ids={ids} field="status" help={STATUS_HELP} />
      <FieldError ids={ids} field="status" error={error} />
    </fieldset>
  );
}
