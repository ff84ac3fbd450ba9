// The category form in a modal (002 §2.10, §3): name, description, display
// order and active. The contract's rules are checked before sending; the
// server's refusals (a name already used) are shown beside their field and
// the first one takes the cursor.
import type { ReactNode } from "react";
import type { ServiceCategory } from "#contract/services.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { fieldIds, SwitchField } from "#web/admin/shared/form-field-parts.tsx";
import { useDialogForm } from "#web/admin/shared/use-dialog-form.ts";
import { DialogButtons, FormMessage, TextField } from "#web/admin/shared/dialog-fields.tsx";
import { categoryPayload, DISPLAY_ORDER_HELP, EMPTY_CATEGORY_FORM, formFromCategory, validateCategory, type CategoryFormValues } from "./services-form.ts";
import { type SaveOutcome } from "#web/admin/shared/dialog-form.ts";

interface CategoryDialogProps {
  open: boolean;
  /** The category being edited; null for a new one. */
  category: ServiceCategory | null;
  onClose(): void;
  onSave(values: CategoryFormValues): Promise<SaveOutcome>;
  /** The screen's toasts, shown inside the dialog while it covers the page. */
  notices: ReactNode;
}

export function ServiceCategoryDialog({ open, category, onClose, onSave, notices }: CategoryDialogProps) {
  return (
    <AdminDialog open={open} title={category ? "編輯服務類別" : "新增服務類別"} onClose={onClose}>
      {open ? <CategoryForm key={category?.id ?? "new"} category={category} onClose={onClose} onSave={onSave} /> : null}
      {open ? notices : null}
    </AdminDialog>
  );
}

const ids = fieldIds("service-category");

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
      <TextField
        ids={ids}
        field="display_order"
        label="顯示順序"
        control="number"
        help={DISPLAY_ORDER_HELP}
        value={values.display_order}
        errors={errors}
        onChange={(value) => set("display_order", value)}
      />
      <SwitchField ids={ids} field="is_active" label="啟用" checked={values.is_active} error={errors.is_active} onChange={(on) => set("is_active", on)} />
      <DialogButtons saving={saving} onClose={onClose} />
    </form>
  );
}
