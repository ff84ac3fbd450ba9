// The case form in a modal with two tabs (001 §2, §3, §5): 基本資訊 and
// 媒體與進階設定. The contract's rules are checked before sending; a refusal
// shows the tab holding the first error and puts the cursor there. For a
// saved case each move of a photo group is stored at once (one request);
// everything else waits for 儲存. Closing with changes not saved asks first.
// The media library and the full-screen preview open beside the dialog; each
// keeps its own submit, Escape and close (ModalDialog, decision 039).
import { Images, NotebookPen } from "lucide-react";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Portfolio } from "#contract/portfolios.ts";
import { NoticeArea, type Notice } from "#web/admin/shared/admin-notice.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { MarkedTabList, markedPanelId, markedTabId } from "#web/admin/shared/marked-tabs.tsx";
import { MediaPicker } from "#web/admin/shared/media-picker.tsx";
import { useUnsavedChangesWarning } from "#web/admin/shared/use-unsaved-changes-warning.ts";
import { DialogButtons, FormMessage } from "#web/admin/shared/dialog-fields.tsx";
import type { PickRequest } from "#web/admin/shared/media-picker.tsx";
import { moveItem, type SaveOutcome } from "#web/admin/shared/dialog-form.ts";
import type { MoveTarget } from "#web/admin/shared/sortable-list.tsx";
import { useDialogForm } from "#web/admin/shared/use-dialog-form.ts";
import { BasicInfoTab, MediaTab } from "./case-tabs.tsx";
import { GuardedDialog } from "./guarded-dialog.tsx";
import { ImagePreview, type PreviewRequest } from "./image-preview.tsx";
import {
  CASE_TABS,
  CASE_TEXT,
  casePayload,
  caseFailure,
  changedTabs,
  EMPTY_CASE_FORM,
  errorCountsByTab,
  firstErrorTab,
  formFromCase,
  PORTFOLIOS_QUERY_KEY,
  sameForm,
  storedGroupOrder,
  validateCase,
  withGroupOrder,
  withoutErrors,
  type CaseFormValues,
  type CaseTabId,
  type PhotoGroupDraft,
} from "./portfolio-form.ts";
import { useGroupOrder } from "./use-group-order.ts";

const TABS = CASE_TABS.map((tab) => ({ ...tab, icon: tab.id === "basic" ? NotebookPen : Images }));
const FORM_ID = "case-form";
const ids = fieldIds("case");

interface CaseDialogProps {
  /** The case being edited; null for a new one. */
  portfolio: Portfolio | null;
  typeOptions: ReadonlyArray<{ value: string; label: string }>;
  typesProblem: string;
  onManageTypes(): void;
  onClose(): void;
  onSave(values: CaseFormValues): Promise<SaveOutcome>;
  /** The screen's feedback, shown in the dialog while it covers the page. */
  notice: Notice | null;
  onNotice(notice: Notice | null): void;
}

/** Mount it to open it. */
export function CaseDialog({ portfolio, typeOptions, typesProblem, onManageTypes, onClose, onSave, notice, onNotice }: CaseDialogProps) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [tab, setTab] = useState<CaseTabId>("basic");
  const [saved, setSaved] = useState<CaseFormValues>(() => (portfolio ? formFromCase(portfolio) : EMPTY_CASE_FORM));
  const [picker, setPicker] = useState<PickRequest | null>(null);
  const [preview, setPreview] = useState<PreviewRequest | null>(null);
  const { ref, values, set, update, errors, setErrors, message, saving, submit } = useDialogForm(() => saved, {
    validate: (current) => validateCase(casePayload(current)),
    save: onSave,
    onRefused: (refused) => {
      const first = firstErrorTab(refused);
      if (first) setTab(first);
    },
  });

  const dirty = !sameForm(values, saved);
  useUnsavedChangesWarning(dirty, CASE_TEXT.leave);

  const saveOrder = useGroupOrder(portfolio?.id ?? 0, {
    onSaved: (stored, text) => {
      setSaved((current) => withGroupOrder(current, stored.photo_groups.flatMap((group) => (group.id === null ? [] : [group.id]))));
      onNotice({ tone: "success", text: text || CASE_TEXT.orderSaved });
      void client.invalidateQueries({ queryKey: PORTFOLIOS_QUERY_KEY });
    },
    onFailed: (error) => {
      console.warn(CASE_TEXT.orderFailed, error);
      onNotice({ tone: "error", text: caseFailure(error) });
    },
  });

  function moveGroup(key: number, target: MoveTarget) {
    const groups = values.photo_groups;
    const from = groups.findIndex((group) => group.key === key);
    const to = "by" in target ? from + target.by : groups.findIndex((group) => group.key === target.onto);
    if (from < 0 || to < 0 || to >= groups.length || from === to) return;
    const moved = moveItem(groups, from, to);
    changeGroups(() => moved);
    if (!portfolio) return;
    const storedIds = saved.photo_groups.flatMap((group) => (group.id === null ? [] : [group.id]));
    const order = storedGroupOrder(moved, storedIds);
    if (order && order.join() !== storedIds.join()) saveOrder(order);
  }

  /** A group's errors are named by its place: once the groups change they name the wrong one. */
  function changeGroups(change: (groups: PhotoGroupDraft[]) => PhotoGroupDraft[]) {
    update((current) => ({ ...current, photo_groups: change(current.photo_groups) }));
    setErrors((current) => withoutErrors(current, "photo_groups"));
  }

  async function requestClose() {
    if (saving) return;
    if (dirty && !(await confirm({ title: "關閉案例", message: CASE_TEXT.unsaved, confirmLabel: "放棄變更" }))) return;
    onClose();
  }

  const changed = changedTabs(values, saved);

  return (
    <>
      <GuardedDialog
        title={portfolio ? "編輯案例" : "新增案例"}
        onRequestClose={() => void requestClose()}
        footer={
          // Beside 儲存, which stays in view however long the form: where the eye is after pressing it.
          <div className="space-y-2 pt-3">
            <FormMessage message={message} testId="case-form-error" />
            <NoticeArea placement="inline" notice={notice} onDismiss={() => onNotice(null)} successTestId="case-notice" errorTestId="case-error" />
            <DialogButtons saving={saving} onClose={() => void requestClose()} form={FORM_ID} />
          </div>
        }
        testId="case-dialog"
      >
        <form id={FORM_ID} ref={ref} onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-testid="case-form">
          <MarkedTabList
            prefix="case"
            label="案例資料"
            tabs={TABS}
            active={tab}
            onSelect={setTab}
            errorCounts={errorCountsByTab(errors)}
            changedTabs={changed}
            className="grid grid-cols-2 gap-1 rounded-2xl bg-gray-100 p-1.5 sm:inline-flex [&>button]:min-h-11"
          />
          {CASE_TABS.map(({ id }) => (
            <div key={id} role="tabpanel" id={markedPanelId("case", id)} aria-labelledby={markedTabId("case", id)} hidden={tab !== id} data-testid={`case-panel-${id}`}>
              {id === "basic" ? (
                <BasicInfoTab ids={ids} values={values} errors={errors} set={set} typeOptions={typeOptions} typesProblem={typesProblem} onManageTypes={onManageTypes} />
              ) : (
                <MediaTab
                  ids={ids}
                  values={values}
                  errors={errors}
                  set={set}
                  onGroups={changeGroups}
                  onMoveGroup={moveGroup}
                  onPreview={setPreview}
                  onPick={setPicker}
                />
              )}
            </div>
          ))}
        </form>
      </GuardedDialog>
      <MediaPicker open={picker !== null} accept="image" multiple={picker?.multiple ?? false} title={picker?.title} onClose={() => setPicker(null)} onConfirm={(files) => picker?.onConfirm(files)} />
      {preview ? <ImagePreview preview={preview} onClose={() => setPreview(null)} /> : null}
    </>
  );
}
