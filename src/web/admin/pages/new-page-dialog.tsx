// 新增頁面 (issue 24): a free page's title, and its address, suggested from the
// title (Chinese kept) until the person writes one. The contract's rules are
// checked before sending; the server's refusals (an address the site already
// uses, one taken by another page) are shown beside their field.
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { DialogButtons, FormMessage, TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { useDialogForm } from "#web/admin/shared/use-dialog-form.ts";
import { EMPTY_NEW_PAGE, newPageAddress, validateNewPage, withTitle, type NewPageValues } from "./new-page.ts";

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
  const { ref, values, set, update, errors, message, saving, submit } = useDialogForm((): NewPageValues => EMPTY_NEW_PAGE, { validate: validateNewPage, save: onSave });
  return (
    <form ref={ref} onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-testid="new-page-form">
      <FormMessage message={message} testId="new-page-form-error" />
      <TextField ids={ids} field="title" label="頁面標題" required value={values.title} errors={errors} onChange={(value) => update((current) => withTitle(current, value))} />
      <TextField
        ids={ids}
        field="page_key"
        label="網址"
        required
        value={values.page_key}
        errors={errors}
        onChange={(value) => set("page_key", value)}
        help={`訪客開啟的網址：${newPageAddress(values.page_key)}。可以用中文、小寫英文、數字、底線和連字號，會先依標題建議，建立後不能修改。`}
        placeholder="例如 年終大掃除 或 spring-cleaning"
      />
      <p className="text-sm text-gray-600">新頁面建立後會以草稿保存，在編輯器勾選「立即發布」並發布後，訪客才看得到。</p>
      <DialogButtons saving={saving} onClose={onClose} />
    </form>
  );
}
