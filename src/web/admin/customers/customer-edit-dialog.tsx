// 編輯客戶 (002 §2.5, §3, §5): the display name, the tags typed
// comma-separated (trimmed, blanks dropped: the contract's splitTags) and the
// notes. The contract's rules are checked first; the server's refusals land
// beside their fields; the first refused field takes the cursor.
import type { ReactNode } from "react";
import { customerUpdateSchema, splitTags, type Customer, type CustomerUpdate } from "#contract/customers.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { DialogButtons, FormMessage, TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { useDialogForm } from "#web/admin/shared/use-dialog-form.ts";
import { schemaErrors } from "./customer-inbox.ts";

interface CustomerEditDialogProps {
  customer: Customer | null;
  onClose(): void;
  onSave(input: CustomerUpdate): Promise<SaveOutcome>;
  notices: ReactNode;
}

export function CustomerEditDialog({ customer, onClose, onSave, notices }: CustomerEditDialogProps) {
  return (
    <AdminDialog open={customer !== null} title="編輯客戶" onClose={onClose}>
      {customer ? <CustomerForm key={customer.id} customer={customer} onClose={onClose} onSave={onSave} /> : null}
      {customer ? notices : null}
    </AdminDialog>
  );
}

const ids = fieldIds("customer");

interface FormValues {
  display_name: string;
  tags: string;
  notes: string;
}

function CustomerForm({ customer, onClose, onSave }: { customer: Customer; onClose(): void; onSave(input: CustomerUpdate): Promise<SaveOutcome> }) {
  const { ref, values, set, errors, message, saving, submit } = useDialogForm((): FormValues => ({ display_name: customer.display_name, tags: customer.tags.join(", "), notes: customer.notes }), {
    validate: (form) => schemaErrors(customerUpdateSchema, form),
    save: (form) => onSave({ display_name: form.display_name.trim(), tags: splitTags(form.tags), notes: form.notes.trim() }),
  });
  return (
    <form ref={ref} onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-testid="customer-form">
      <FormMessage message={message} testId="customer-form-error" />
      <TextField ids={ids} field="display_name" label="顯示名稱" required value={values.display_name} errors={errors} onChange={(value) => set("display_name", value)} />
      <TextField ids={ids} field="tags" label="標籤" help="以逗號分隔，例如：VIP, 潛在客戶, 活躍用戶" value={values.tags} errors={errors} onChange={(value) => set("tags", value)} />
      <TextField ids={ids} field="notes" label="備註" control="textarea" rows={4} value={values.notes} errors={errors} onChange={(value) => set("notes", value)} />
      <DialogButtons saving={saving} onClose={onClose} />
    </form>
  );
}
