// 服務類型管理 (001 §2, §3, §4, §5, §8, §9): the types in the server's order
// (automatic first by their order, then manual by name), in a list that
// scrolls at about 15 rem. Automatic ones are marked 自動同步 and locked, with
// the reason; manual ones are renamed in place and deleted after our
// confirmation (the server refuses while cases use one, and says how many).
// New types need a code and a name; a duplicate is refused beside its field.
// Every change answers the whole list, which the case form's dropdown shares.
import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { Check, Lock, Pencil, Plus, Trash2, X } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { SERVICE_TYPE_MESSAGES, type ServiceType } from "#contract/service-types.ts";
import { AdminDialog, useUnsavedValuesInDialog } from "#web/admin/shared/admin-dialog.tsx";
import { AdminLoading } from "#web/admin/shared/admin-loading.tsx";
import { focusRing, LoadError, NoticeArea, RetryButton, type Notice } from "#web/admin/shared/admin-notice.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { FieldError, fieldIds, inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import { fieldErrorsOf, type FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { createServiceType, deleteServiceType, renameServiceType } from "./portfolios-api.ts";
import { PORTFOLIOS_QUERY_KEY } from "./portfolio-form.ts";
import { caseCountLabel, deleteConfirmItem, SERVICE_TYPE_TEXT, SERVICE_TYPES_QUERY_KEY, serviceTypeFailure, validateNewType, validateRename } from "./service-type-form.ts";

interface ServiceTypeDialogProps {
  open: boolean;
  onClose(): void;
  types: UseQueryResult<ServiceType[]>;
  /** The screen's feedback, shown in the dialog while it covers the page. */
  notice: Notice | null;
  onNotice(notice: Notice | null): void;
}

export function ServiceTypeDialog({ open, onClose, types, notice, onNotice }: ServiceTypeDialogProps) {
  return (
    <AdminDialog open={open} title="服務類型管理" onClose={onClose} size="lg">
      {open ? <ServiceTypeManager types={types} notice={notice} onNotice={onNotice} /> : null}
    </AdminDialog>
  );
}

const renameButtonId = (id: number) => `service-type-rename-${id}`;
const smallButton = `inline-flex min-h-11 items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium disabled:opacity-50 ${focusRing}`;

function ServiceTypeManager({ types, notice, onNotice }: Pick<ServiceTypeDialogProps, "types" | "notice" | "onNotice">) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [renamed, setRenamed] = useState<number | null>(null);

  // After renaming (or not), the cursor goes back to that type's 改名 button.
  useEffect(() => {
    if (renamed !== null) document.getElementById(renameButtonId(renamed))?.focus();
  }, [renamed]);
  const endRename = (id: number) => {
    setEditing(null);
    setRenamed(id);
  };

  /** The answered list is the list: the dropdown follows at once; the cases list shows renamed types. */
  function stored(list: ServiceType[], message: string) {
    client.setQueryData(SERVICE_TYPES_QUERY_KEY, list);
    void client.invalidateQueries({ queryKey: PORTFOLIOS_QUERY_KEY });
    onNotice({ tone: "success", text: message });
  }

  async function remove(type: ServiceType) {
    const confirmed = await confirm({ title: "刪除服務類型", message: SERVICE_TYPE_TEXT.deleteQuestion, items: [deleteConfirmItem(type)], confirmLabel: "刪除" });
    if (!confirmed) return;
    setBusyId(type.id);
    try {
      const { data, message } = await deleteServiceType(type.id);
      stored(data, message || SERVICE_TYPE_MESSAGES.deleted);
    } catch (error) {
      console.warn(SERVICE_TYPE_MESSAGES.deleteFailed, error);
      onNotice({ tone: "error", text: serviceTypeFailure(error, SERVICE_TYPE_MESSAGES.deleteFailed) });
      void types.refetch();
    } finally {
      setBusyId(null);
    }
  }

  const list = types.data ?? [];
  return (
    <div className="space-y-5" data-testid="service-type-manager">
      <p className="text-sm text-gray-700">
        標示「{SERVICE_TYPE_TEXT.automatic}」的類型{SERVICE_TYPE_TEXT.automaticHelp}；其他類型可以改名，沒有案例使用時可以刪除。
      </p>
      {types.isPending ? (
        <AdminLoading label="載入服務類型中..." />
      ) : types.isError ? (
        <LoadError message={SERVICE_TYPE_TEXT.loadFailed} testId="service-types-load-error" action={<RetryButton onRetry={() => void types.refetch()} />} />
      ) : (
        <div>
          <h3 id="service-type-list-heading" className="mb-2 font-semibold text-gray-900">
            目前的服務類型（{list.length}）
          </h3>
          <div role="region" aria-labelledby="service-type-list-heading" tabIndex={0} className={`max-h-60 overflow-y-auto rounded-lg border border-gray-200 ${focusRing}`}>
            <ul className="divide-y divide-gray-100" data-testid="service-type-list">
              {list.map((type) =>
                editing === type.id ? (
                  <RenameRow key={type.id} type={type} onDone={() => endRename(type.id)} onStored={stored} onNotice={onNotice} />
                ) : (
                  <li key={type.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="service-type-row" data-auto={type.is_auto ? "true" : "false"}>
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium text-gray-900" data-testid="service-type-label">
                          {type.label}
                        </span>
                        {type.is_auto ? (
                          <span className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-700" data-testid="service-type-auto">
                            <Lock aria-hidden size={12} />
                            {SERVICE_TYPE_TEXT.automatic}
                          </span>
                        ) : null}
                      </p>
                      <p className="text-xs text-gray-600">
                        代碼 {type.value}・{caseCountLabel(type)}
                      </p>
                    </div>
                    {type.is_auto ? null : (
                      <div className="flex gap-1">
                        <button type="button" id={renameButtonId(type.id)} onClick={() => setEditing(type.id)} className={`${smallButton} text-blue-700 hover:bg-blue-50`}>
                          <Pencil aria-hidden size={16} />
                          改名
                          <span className="sr-only">：{type.label}</span>
                        </button>
                        <button type="button" disabled={busyId === type.id} onClick={() => void remove(type)} className={`${smallButton} text-red-700 hover:bg-red-50`}>
                          <Trash2 aria-hidden size={16} />
                          刪除
                          <span className="sr-only">：{type.label}</span>
                        </button>
                      </div>
                    )}
                  </li>
                ),
              )}
            </ul>
          </div>
        </div>
      )}
      {/* Between the list and the form: beside both the buttons that act. */}
      <NoticeArea placement="inline" notice={notice} onDismiss={() => onNotice(null)} successTestId="case-notice" errorTestId="case-error" />
      <AddTypeForm onStored={stored} onNotice={onNotice} />
    </div>
  );
}

const renameIds = fieldIds("service-type-rename");

function RenameRow({ type, onDone, onStored, onNotice }: { type: ServiceType; onDone(): void; onStored(list: ServiceType[], message: string): void; onNotice(notice: Notice | null): void }) {
  const [label, setLabel] = useState(type.label);
  useUnsavedValuesInDialog(label);
  const [error, setError] = useState("");
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const refused = validateRename(label);
    if (refused) {
      setError(refused);
      return;
    }
    setSaving(true);
    try {
      const { data, message } = await renameServiceType(type.id, label.trim());
      onStored(data, message || SERVICE_TYPE_MESSAGES.updated);
      onDone();
    } catch (caught) {
      console.warn(SERVICE_TYPE_MESSAGES.updateFailed, caught);
      const text = serviceTypeFailure(caught, SERVICE_TYPE_MESSAGES.updateFailed);
      setError(text);
      onNotice({ tone: "error", text });
    } finally {
      setSaving(false);
    }
  }

  return (
    <li className="px-3 py-2" data-testid="service-type-rename">
      <form onSubmit={(event) => void save(event)} noValidate className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={renameIds.field("label")} className="text-sm font-medium text-gray-700">
            新名稱（代碼 {type.value}）
          </label>
          <input
            id={renameIds.field("label")}
            type="text"
            value={label}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={renameIds.describedBy("label", error, undefined)}
            onChange={(event) => {
              setLabel(event.target.value);
              setError("");
            }}
            onKeyDown={(event) => {
              // Escape leaves the renaming, not the whole dialog.
              if (event.key !== "Escape") return;
              event.preventDefault();
              event.stopPropagation();
              onDone();
            }}
            className={inputClass}
          />
          <FieldError ids={renameIds} field="label" error={error} />
        </div>
        <div className="mt-6 flex gap-1">
          <button type="submit" disabled={saving} className={`${smallButton} bg-blue-600 text-white hover:bg-blue-700`}>
            <Check aria-hidden size={16} />
            {saving ? "儲存中..." : "儲存"}
          </button>
          <button type="button" onClick={onDone} className={`${smallButton} border border-gray-300 text-gray-700 hover:bg-gray-50`}>
            <X aria-hidden size={16} />
            取消
          </button>
        </div>
      </form>
    </li>
  );
}

const addIds = fieldIds("service-type-new");

function AddTypeForm({ onStored, onNotice }: { onStored(list: ServiceType[], message: string): void; onNotice(notice: Notice | null): void }) {
  const [values, setValues] = useState({ value: "", label: "" });
  useUnsavedValuesInDialog(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();

  async function add(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const refused = validateNewType(values);
    setErrors(refused);
    if (Object.keys(refused).length > 0) {
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const { data, message } = await createServiceType({ value: values.value.trim(), label: values.label.trim() });
      onStored(data, message || SERVICE_TYPE_MESSAGES.created);
      setValues({ value: "", label: "" });
    } catch (caught) {
      console.warn(SERVICE_TYPE_MESSAGES.addFailed, caught);
      const fields = fieldErrorsOf(caught);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstError();
      } else {
        onNotice({ tone: "error", text: serviceTypeFailure(caught, SERVICE_TYPE_MESSAGES.addFailed) });
      }
    } finally {
      setSaving(false);
    }
  }

  const field = (key: "value" | "label") => (text: string) => setValues((current) => ({ ...current, [key]: text }));
  return (
    <form ref={ref} onSubmit={(event) => void add(event)} noValidate className="space-y-3 rounded-lg bg-gray-50 p-4" data-testid="service-type-add">
      <h3 className="font-semibold text-gray-900">新增服務類型</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField ids={addIds} field="value" label="代碼" required value={values.value} errors={errors} onChange={field("value")} placeholder="例如 aircon_cleaning" help="用來辨識類型，新增後不能修改" />
        <TextField ids={addIds} field="label" label="名稱" required value={values.label} errors={errors} onChange={field("label")} placeholder="例如 冷氣清洗" help="網站上顯示的名稱" />
      </div>
      <div className="flex justify-end">
        <button type="submit" disabled={saving} className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60 ${focusRing}`}>
          <Plus aria-hidden size={16} />
          {saving ? "新增中..." : "新增"}
        </button>
      </div>
    </form>
  );
}
