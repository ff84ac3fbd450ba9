// 常用回覆: the answers staff keep for the questions that come again and
// again. 使用 fills the chat's text box; the same dialog adds, edits, deletes
// (after our confirmation) and orders them (drag, or 上移 / 下移).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { cannedReplyInputSchema, type CannedReply } from "#contract/customers.ts";
import { AdminDialog, useUnsavedInDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing, NoticeArea, RetryButton, LoadError, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { errorMessage } from "#web/admin/shared/api-client.ts";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { DialogButtons, FormMessage, TextField } from "#web/admin/shared/dialog-fields.tsx";
import { actionFailure, fieldErrorsOf, moveItem } from "#web/admin/shared/dialog-form.ts";
import { useFocusFirstError } from "#web/admin/shared/focus-first-error.ts";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { SortableList, type MoveTarget } from "#web/admin/shared/sortable-list.tsx";
import { CANNED_REPLIES_QUERY_KEY, INBOX_TEXTS, schemaErrors } from "./customer-inbox.ts";
import { createCannedReply, deleteCannedReply, fetchCannedReplies, reorderCannedReplies, updateCannedReply } from "./customers-api.ts";

interface CannedRepliesDialogProps {
  open: boolean;
  onClose(): void;
  onUse(reply: CannedReply): void;
}

export function CannedRepliesDialog({ open, onClose, onUse }: CannedRepliesDialogProps) {
  return (
    <AdminDialog open={open} title="常用回覆" onClose={onClose} size="lg">
      {open ? <CannedReplies onUse={onUse} /> : null}
    </AdminDialog>
  );
}

type Editing = { id: number | null; title: string; text: string };
const EMPTY: Editing = { id: null, title: "", text: "" };
const ids = fieldIds("canned");

function CannedReplies({ onUse }: { onUse(reply: CannedReply): void }) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const [editing, setEditing] = useState<Editing>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const { ref, focusFirstError } = useFocusFirstError<HTMLFormElement>();

  const replies = useQuery({ queryKey: CANNED_REPLIES_QUERY_KEY, queryFn: ({ signal }) => fetchCannedReplies(signal), retry: false });
  const original = editing.id === null ? EMPTY : (replies.data?.find((reply) => reply.id === editing.id) ?? EMPTY);
  useUnsavedInDialog(editing.title !== original.title || editing.text !== original.text);
  const reload = () => client.invalidateQueries({ queryKey: CANNED_REPLIES_QUERY_KEY });

  const save = useMutation({
    mutationFn: (input: Editing) => (input.id === null ? createCannedReply(input) : updateCannedReply(input.id, input)),
    onSuccess: (result) => {
      setNotice({ tone: "success", text: result.message || INBOX_TEXTS.cannedSaved });
      setEditing(EMPTY);
      void reload();
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      setMessage(actionFailure(error, INBOX_TEXTS.cannedSaveFailed));
      focusFirstError();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const refused = schemaErrors(cannedReplyInputSchema, editing);
    setErrors(refused);
    setMessage("");
    if (Object.keys(refused).length > 0) {
      focusFirstError();
      return;
    }
    save.mutate(editing);
  }

  async function remove(reply: CannedReply) {
    const confirmed = await confirm({ title: "刪除常用回覆", message: "確定要刪除這則常用回覆嗎？", items: [reply.title], confirmLabel: "刪除" });
    if (!confirmed) return;
    try {
      const result = await deleteCannedReply(reply.id);
      setNotice({ tone: "success", text: result.message || INBOX_TEXTS.cannedDeleted });
      if (editing.id === reply.id) setEditing(EMPTY);
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error, INBOX_TEXTS.cannedDeleteFailed) });
    }
    void reload();
  }

  async function move(id: number, target: MoveTarget) {
    const list = replies.data ?? [];
    const from = list.findIndex((reply) => reply.id === id);
    const to = "by" in target ? from + target.by : list.findIndex((reply) => reply.id === target.onto);
    const next = moveItem(list, from, to);
    client.setQueryData<CannedReply[]>(CANNED_REPLIES_QUERY_KEY, next);
    try {
      await reorderCannedReplies(next.map((reply) => reply.id));
    } catch (error) {
      setNotice({ tone: "error", text: errorMessage(error, INBOX_TEXTS.cannedOrderFailed) });
    }
    void reload();
  }

  const list = replies.data ?? [];
  return (
    <div className="space-y-4" data-testid="canned-replies">
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="canned-notice" errorTestId="canned-error" placement="inline" />
      {replies.isPending ? (
        <p className="text-gray-600">載入常用回覆中...</p>
      ) : replies.isError ? (
        <LoadError message={errorMessage(replies.error, "載入常用回覆失敗")} testId="canned-load-error" action={<RetryButton onRetry={() => void replies.refetch()} />} />
      ) : list.length === 0 ? (
        <p className="rounded-lg bg-gray-50 p-4 text-center text-gray-700" data-testid="canned-empty">
          尚未建立常用回覆，可在下方新增。
        </p>
      ) : (
        <SortableList
          items={list}
          nameOf={(reply) => reply.title}
          noun="常用回覆"
          layout="list"
          onMove={(id, target) => void move(id, target)}
          className="max-h-[40vh] space-y-2 overflow-y-auto"
          testId="canned-list"
          itemTestId="canned-reply"
          itemClassName={(dragging) => `rounded-lg border bg-white p-2 ${dragging ? "border-blue-400 shadow-lg" : "border-gray-200"}`}
          renderItem={(reply, _index, { handle, moves }) => (
            <div className="flex items-start gap-2">
              {handle}
              <div className="min-w-0 flex-1">
                <p className="font-semibold" data-testid="canned-title">
                  {reply.title}
                </p>
                <p className="line-clamp-2 whitespace-pre-wrap text-sm text-gray-700">{reply.text}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button type="button" onClick={() => onUse(reply)} className={`min-h-11 rounded-lg bg-blue-600 px-4 font-semibold text-white hover:bg-blue-700 ${focusRing}`}>
                    使用<span className="sr-only">：{reply.title}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      setEditing({ id: reply.id, title: reply.title, text: reply.text });
                      setErrors({});
                      setMessage("");
                    }}
                    className={`inline-flex min-h-11 items-center gap-1 rounded-lg border border-gray-300 px-3 text-gray-800 hover:bg-gray-50 ${focusRing}`}
                  >
                    <Pencil aria-hidden size={16} />
                    編輯<span className="sr-only">：{reply.title}</span>
                  </button>
                  <button type="button" onClick={() => void remove(reply)} className={`inline-flex min-h-11 items-center gap-1 rounded-lg border border-red-200 px-3 text-red-800 hover:bg-red-50 ${focusRing}`}>
                    <Trash2 aria-hidden size={16} />
                    刪除<span className="sr-only">：{reply.title}</span>
                  </button>
                  {moves}
                </div>
              </div>
            </div>
          )}
        />
      )}

      <form ref={ref} onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-gray-200 p-3" data-testid="canned-form">
        <h3 className="font-semibold">{editing.id === null ? "新增常用回覆" : "編輯常用回覆"}</h3>
        <FormMessage message={Object.values(errors).includes(message) ? "" : message} testId="canned-form-error" />
        <TextField ids={ids} field="title" label="標題" required value={editing.title} errors={errors} onChange={(title) => setEditing((current) => ({ ...current, title }))} />
        <TextField ids={ids} field="text" label="回覆內容" control="textarea" required rows={4} value={editing.text} errors={errors} onChange={(text) => setEditing((current) => ({ ...current, text }))} />
        <DialogButtons
          saving={save.isPending}
          onClose={() => {
            setEditing(EMPTY);
            setErrors({});
            setMessage("");
          }}
        />
      </form>
    </div>
  );
}
