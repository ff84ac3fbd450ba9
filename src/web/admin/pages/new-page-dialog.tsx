// 新增頁面 (issue 24): a free page's key, shown as the address visitors will
// open, and its title. The contract's rules are checked before sending; the
// server's refusals (a key the site already uses, a key taken by another page)
// are shown beside their field.
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { DialogButtons, FormMessage, TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { useDialogForm } from "#web/admin/shared/use-dialog-form.ts";
import { EMPTY_NEW_PAGE, newPageAddress, validateNewPage, type NewPageValues } from "./new-page.ts";

interface Props {
  open: boolean;
  onClose(): void;
  onSave(values: NewPageValues): Promise<SaveOutcome>;
}

export function NewPageDialog({ open, onClose, onSave }: Props) {
  return (
    <AdminDialog open={open} title="新增頁面" onClose={onClose}>
      {open ? <NewPageForm onClose={onClose} onSave={onSave} /> : null}
    </AdminDialog>
  );
}

const ids = fieldIds("new-page");

function NewPageForm({ onClose, onSave }: Omit<Props, "open">) {
  const { ref, values, set, errors, message, saving, submit } = useDialogForm((): NewPageValues => EMPTY_NEW_PAGE, { validate: validateNewPage, save: onSave });
  return (
    <form ref={ref} onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-testid="new-page-form">
      <FormMessage message={message} testId="new-page-form-error" />
      <TextField
        ids={ids}
        field="page_key"
        label="頁面代碼"
        required
        value={values.page_key}
        errors={errors}
        onChange={(value) => set("page_key", value)}
        help={`頁面的網址：${newPageAddress(values.page_key)}。只能用小寫英文、數字、底線和連字號，建立後不能修改。`}
        placeholder="例如 spring-cleaning"
      />
      <TextField ids={ids} field="title" label="頁面標題" required value={values.title} errors={errors} onChange={(value) => set("title", value)} />
      <p className="text-sm text-gray-600">新頁面建立後會以草稿保存，在編輯器勾選「立即發布」並發布後，訪客才看得到。</p>
      <DialogButtons saving={saving} onClose={onClose} />
    </form>
  );
}
