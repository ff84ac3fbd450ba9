// A case's photo groups (001 §3, §4): each with its title (照片組 N unless
// typed), description, 施工前 / 施工後 with the comparison shown on while
// either exists, and other pictures. Groups are added at the end, removed
// after our confirmation, and put in order by their handle (mouse, touch,
// keyboard) or with 上移 / 下移: the order on screen is the display order.
import { Columns2, Plus, Trash2 } from "lucide-react";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { FieldError, FieldHelp, fieldIds, inputClass } from "#web/admin/shared/form-field-parts.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { SortableList, type MoveTarget } from "#web/admin/shared/sortable-list.tsx";
import { ExtraPictures, PictureSlot, type PictureActions } from "./picture-fields.tsx";
import { addGroup, comparisonOn, groupName, SLOT_LABELS, type PhotoGroupDraft, type PictureSlot as Slot } from "./portfolio-form.ts";

interface EditorProps extends PictureActions {
  groups: readonly PhotoGroupDraft[];
  errors: FieldErrors;
  /** Every change, as a function of the groups as they are when it lands (an upload finishes later). */
  onChange(change: (groups: PhotoGroupDraft[]) => PhotoGroupDraft[]): void;
  /** A group moved: by its key, some places, or onto another group's place. */
  onMove(key: number, target: MoveTarget): void;
}

const SLOTS: readonly Slot[] = ["before_image", "after_image"];
const DESCRIPTION_HELP = "選填，例如施工的位置或重點";

export function PhotoGroupsEditor({ groups, errors, onChange, onMove, onPreview, onPick }: EditorProps) {
  const confirm = useConfirm();
  const update = (key: number, patch: Partial<PhotoGroupDraft>) => onChange((current) => current.map((group) => (group.key === key ? { ...group, ...patch } : group)));

  async function remove(group: PhotoGroupDraft, index: number) {
    const pictures = [group.before_image, group.after_image, ...group.single_images].filter(Boolean).length;
    const confirmed = await confirm({
      title: "刪除照片組",
      message: "確定要刪除這個照片組嗎？按「儲存」後才會生效。",
      items: [pictures > 0 ? `${groupName(group, index)}（${pictures} 張照片）` : groupName(group, index)],
      confirmLabel: "刪除",
    });
    if (confirmed) onChange((current) => current.filter((entry) => entry.key !== group.key));
  }

  // The sortable list knows entries by a number id: a group's key on this screen.
  const entries = groups.map((group) => ({ id: group.key, group }));

  return (
    <section aria-labelledby="photo-groups-heading" className="space-y-3" data-testid="photo-groups">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id="photo-groups-heading" className="font-semibold text-gray-900">
            照片組{groups.length > 0 ? `（${groups.length}）` : ""}
          </h3>
          <p className="text-sm text-gray-600">每組可放施工前、施工後與其他照片；拖曳把手或按「上移」「下移」調整顯示順序。</p>
        </div>
        <button
          type="button"
          onClick={() => onChange((current) => addGroup(current))}
          className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-blue-200 bg-white px-4 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50 ${focusRing}`}
        >
          <Plus aria-hidden size={16} />
          新增照片組
        </button>
      </div>

      {groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600" data-testid="photo-groups-empty">
          尚無照片組；按「新增照片組」加入施工前後的照片
        </p>
      ) : (
        <SortableList
          items={entries}
          nameOf={({ group }, index) => groupName(group, index)}
          noun="照片組"
          layout="list"
          onMove={onMove}
          className="space-y-3"
          testId="photo-group-list"
          itemTestId="photo-group"
          itemClassName={(dragging) => `rounded-xl border p-3 sm:p-4 ${dragging ? "relative z-10 border-blue-300 bg-blue-50 shadow-lg" : "border-gray-200 bg-white"}`}
          renderItem={({ group }, index, { handle, moves }) => {
            const name = groupName(group, index);
            const ids = fieldIds(`case-group-${group.key}`);
            const errorOf = (field: string) => errors[`photo_groups.${index}.${field}`];
            const on = comparisonOn(group);
            return (
              <div className="space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  {handle}
                  <p className="min-w-0 flex-1 font-semibold text-gray-900">
                    <span className="mr-2 text-sm font-normal text-gray-600" data-testid="group-position">
                      第 {index + 1} 組
                    </span>
                    <span data-testid="group-name">{name}</span>
                  </p>
                  <span
                    className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${on ? "bg-green-50 text-green-800 ring-green-200" : "bg-gray-100 text-gray-700 ring-gray-200"}`}
                    data-testid="comparison-indicator"
                    data-on={on ? "true" : "false"}
                  >
                    <Columns2 aria-hidden size={14} />
                    {on ? "前後對比：開啟" : "前後對比：未開啟"}
                  </span>
                  <div className="flex flex-wrap items-center gap-1">
                    {moves}
                    <button
                      type="button"
                      onClick={() => void remove(group, index)}
                      className={`inline-flex min-h-11 items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 ${focusRing}`}
                    >
                    <Trash2 aria-hidden size={16} />
                      刪除照片組
                      <span className="sr-only">：{name}</span>
                    </button>
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div>
                    <label htmlFor={ids.field("title")} className="text-sm font-medium text-gray-700">
                      照片組標題
                    </label>
                    <input
                      id={ids.field("title")}
                      type="text"
                      value={group.title}
                      placeholder={groupName({ title: "" }, index)}
                      aria-invalid={errorOf("title") ? true : undefined}
                      aria-describedby={ids.describedBy("title", errorOf("title"), undefined)}
                      onChange={(event) => update(group.key, { title: event.target.value })}
                      className={inputClass}
                    />
                    <FieldError ids={ids} field="title" error={errorOf("title")} />
                  </div>
                  <div>
                    <label htmlFor={ids.field("description")} className="text-sm font-medium text-gray-700">
                      照片組說明
                    </label>
                    <textarea
                      id={ids.field("description")}
                      rows={2}
                      value={group.description}
                      aria-invalid={errorOf("description") ? true : undefined}
                      aria-describedby={ids.describedBy("description", errorOf("description"), DESCRIPTION_HELP)}
                      onChange={(event) => update(group.key, { description: event.target.value })}
                      className={inputClass}
                    />
                    <FieldError ids={ids} field="description" error={errorOf("description")} />
                    <FieldHelp ids={ids} field="description" help={DESCRIPTION_HELP} />
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  {SLOTS.map((slot) => (
                    <PictureSlot
                      key={slot}
                      label={SLOT_LABELS[slot]}
                      groupName={name}
                      path={group[slot]}
                      error={errorOf(slot)}
                      onChange={(path) => update(group.key, { [slot]: path })}
                      onPreview={onPreview}
                      onPick={onPick}
                      testId={slot === "before_image" ? "slot-before" : "slot-after"}
                    />
                  ))}
                </div>
                <ExtraPictures
                  groupName={name}
                  paths={group.single_images}
                  error={errorOf("single_images")}
                  onChange={(paths) => update(group.key, { single_images: paths })}
                  onPreview={onPreview}
                  onPick={onPick}
                />
              </div>
            );
          }}
        />
      )}
    </section>
  );
}
