// The category form in a modal (001 §2, §3, §5, §9): name (required),
// description, sort order (0 for a new one) and status, a free choice between
// 啟用 and 停用. The contract's rules are checked before sending; the server's
// refusals (a name already used) are shown beside their field, and the first
// refused field takes the cursor. The form pieces are the services screen's.
import type { ReactNode } from "react";
import { CATEGORY_STATUSES, categoryStatusLabels, type Category, type CategoryStatus } from "#contract/categories.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { DialogButtons, FormMessage, TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { useDialogForm } from "#web/admin/shared/use-dialog-form.ts";
import { categoryPayload, CATEGORY_TEXT, EMPTY_CATEGORY_FORM, formFromCategory, validateCategory, type CategoryFormValues } from "./category-form.ts";

interface CategoryDialogProps {
  open: boolean;
  /** The category being edited; null for a new one. */
  category: Category | null;
  onClose(): void;
  onSave(values: CategoryFormValues): Promise<SaveOutcome>;
  /** The screen's toasts, shown inside the dialog while it covers the page. */
  notices: ReactNode;
}

export function CategoryDialog({ open, category, onClose, onSave, notices }: CategoryDialogProps) {
  return (
    <AdminDialog open={open} title={category ? "編輯類別" : "新增類別"} onClose={onClose}>
      {open ? <CategoryForm key={category?.id ?? "new"} category={category} onClose={onClose} onSave={onSave} /> : null}
      {open ? notices : null}
    </AdminDialog>
  );
}

const ids = fieldIds("category");

function CategoryForm({ category, onClose, onSave }: Omit<CategoryDialogProps, "open" | "notices">) {
  const { ref, values, set, errors, message, saving, submit } = useDialogForm((): CategoryFormValues => (category ? formFromCategory(category) : EMPTY_CATEGORY_FORM), {
    validate: (values) => validateCategory(categoryPayload(values)),
    save: onSave,
  });

  return (
    <form ref={ref} onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-testid="category-form">
      <FormMessage message={message} testId="category-form-error" />
      <TextField ids={ids} field="name" label="類別名稱" required value={values.name} errors={errors} onChange={(value) => set("name", value)} />
      <TextField ids={ids} field="description" label="類別說明" control="textarea" value={values.description} errors={errors} onChange={(value) => set("description", value)} />
      <TextField ids={ids} field="sort_order" label="排序" control="number" help={CATEGORY_TEXT.sortHelp} value={values.sort_order} errors={errors} onChange={(value) => set("sort_order", value)} />
      <StatusChoice value={values.status} onChange={(status) => set("status", status)} />
      <DialogButtons saving={saving} onClose={onClose} />
    </form>
  );
}

/**
 * 啟用 or 停用, both in view: a choice between two named states reads better
 * than a switch. Nothing else can be chosen, so there is no error to show.
 */
function StatusChoice({ value, onChange }: { value: CategoryStatus; onChange(status: CategoryStatus): void }) {
  return (
    <fieldset data-testid="field-status">
      <legend className="text-sm font-medium text-gray-700">狀態</legend>
      <div className="mt-1 grid grid-cols-2 gap-2">
        {CATEGORY_STATUSES.map((status) => (
          <label
            key={status}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-gray-800 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:checked]:font-semibold has-[:checked]:text-blue-800"
          >
            <input
              type="radio"
              name="status"
              value={status}
              checked={value === status}
              onChange={() => onChange(status)}
              className={`size-4 accent-blue-600 ${focusRing}`}
            />
            {categoryStatusLabels[status]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
