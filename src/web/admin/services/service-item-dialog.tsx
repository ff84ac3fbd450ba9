// The service item form in a modal (002 §2.10, §3, §4, §5): category, name,
// description, features and 實績亮點 one per line, the main image (uploaded,
// chosen in the media library, or removed), price (a decimal; empty for
// none) and its unit (次 by default), display order and active; then the
// case images, once the item is saved. The contract's rules are checked
// before sending; the server's refusals are shown beside their fields.
import { FolderOpen, ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ServiceCategory, ServiceItem } from "#contract/services.ts";
import { UPLOAD_ACCEPT } from "#web/admin/media/media-files.ts";
import { useQueryClient } from "@tanstack/react-query";
import { MEDIA_QUERY_KEY } from "#web/admin/media/media-api.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing, type Notice } from "#web/admin/shared/admin-notice.tsx";
import { fieldIds, SwitchField } from "#web/admin/shared/form-field-parts.tsx";
import { useDialogForm } from "#web/admin/shared/use-dialog-form.ts";
import { MediaPicker } from "#web/admin/shared/media-picker.tsx";
import { BusyOverlay, DialogButtons, FormMessage, SelectField, Thumbnail, TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { PickRequest } from "#web/admin/shared/media-picker.tsx";
import { GalleryAfterSave, ServiceImageGallery } from "./service-image-gallery.tsx";
import { uploadPicture } from "./services-api.ts";
import { categoryOptionLabel, DISPLAY_ORDER_HELP, EMPTY_ITEM_FORM, formFromItem, itemPayload, notAnImage, pickedPath, pricePreview, SERVICES_TEXT, validateItem, type ItemFormValues } from "./services-form.ts";
import { type SaveOutcome } from "#web/admin/shared/dialog-form.ts";

interface ItemDialogProps {
  open: boolean;
  /** The item being edited; null for a new one. */
  item: ServiceItem | null;
  categories: readonly ServiceCategory[];
  onClose(): void;
  onSave(values: ItemFormValues): Promise<SaveOutcome>;
  /** The screen's toasts, shown inside the dialog while it covers the page. */
  notices: ReactNode;
  onNotice(notice: Notice | null): void;
}

export function ServiceItemDialog({ open, item, categories, onClose, onSave, notices, onNotice }: ItemDialogProps) {
  // The media library opens beside this dialog; each keeps its own submit, Escape and close (ModalDialog, decision 039).
  const [picker, setPicker] = useState<PickRequest | null>(null);
  return (
    <>
      <AdminDialog open={open} title={item ? "編輯服務項目" : "新增服務項目"} onClose={onClose} size="lg">
        {open ? <ItemForm key={item?.id ?? "new"} item={item} categories={categories} onClose={onClose} onSave={onSave} onNotice={onNotice} onPick={setPicker} /> : null}
        {open ? notices : null}
      </AdminDialog>
      <MediaPicker
        open={picker !== null}
        accept="image"
        multiple={picker?.multiple ?? false}
        title={picker?.title}
        onClose={() => setPicker(null)}
        onConfirm={(files) => picker?.onConfirm(files)}
      />
    </>
  );
}

const ids = fieldIds("service-item");
const FORM_ID = "service-item-form";

function ItemForm({ item, categories, onClose, onSave, onNotice, onPick }: Omit<ItemDialogProps, "open" | "notices"> & { onPick(request: PickRequest): void }) {
  const { ref, values, set, errors, setErrors, message, saving, submit } = useDialogForm((): ItemFormValues => (item ? formFromItem(item) : EMPTY_ITEM_FORM), {
    validate: (values) => validateItem(itemPayload(values)),
    save: onSave,
  });
  const text = (key: keyof Omit<ItemFormValues, "is_active">) => (value: string) => set(key, value);

  // A category stored on the item but deleted since still shows by its name.
  const options = [{ value: "", label: "未分類" }, ...categories.map((category) => ({ value: String(category.id), label: categoryOptionLabel(category) }))];
  if (values.category_id !== "" && !options.some((option) => option.value === values.category_id)) {
    options.push({ value: values.category_id, label: item?.category_name || "（已刪除的類別）" });
  }

  return (
    <div className="space-y-5">
      <form id={FORM_ID} ref={ref} onSubmit={(event) => void submit(event)} noValidate className="space-y-4" data-testid="item-form">
        <FormMessage message={message} testId="item-form-error" />
        <SelectField ids={ids} field="category_id" label="服務類別" value={values.category_id} errors={errors} onChange={text("category_id")} options={options} />
        <TextField ids={ids} field="name" label="服務名稱" required value={values.name} errors={errors} onChange={text("name")} />
        <TextField ids={ids} field="description" label="服務說明" control="textarea" rows={4} value={values.description} errors={errors} onChange={text("description")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField ids={ids} field="features" label="服務特色" control="textarea" rows={5} help="每行一項" value={values.features} errors={errors} onChange={text("features")} />
          <TextField ids={ids} field="references" label="實績亮點" control="textarea" rows={5} help="每行一項" value={values.references} errors={errors} onChange={text("references")} />
        </div>
        <MainImageField
          value={values.main_image}
          error={errors.main_image}
          onChange={(path) => {
            set("main_image", path);
            setErrors(({ main_image: _dropped, ...rest }) => rest);
          }}
          onNotice={onNotice}
          onPick={onPick}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <TextField ids={ids} field="price" label="價格（新台幣）" control="decimal" placeholder="例如 1200" help="可填小數；留空則不顯示價格" value={values.price} errors={errors} onChange={text("price")} />
            <p className="mt-1 text-sm text-gray-700" aria-live="polite" data-testid="price-preview">
              {pricePreview(values.price, values.price_unit)}
            </p>
          </div>
          <TextField ids={ids} field="price_unit" label="價格單位" placeholder="次" help="例如 次、坪、月；留空為「次」" value={values.price_unit} errors={errors} onChange={text("price_unit")} />
        </div>
        <TextField ids={ids} field="display_order" label="顯示順序" control="number" help={DISPLAY_ORDER_HELP} value={values.display_order} errors={errors} onChange={text("display_order")} />
        <SwitchField ids={ids} field="is_active" label="啟用" help="停用的服務項目不會顯示在網站上" checked={values.is_active} error={errors.is_active} onChange={(on) => set("is_active", on)} />
      </form>

      {item && item.id > 0 ? <ServiceImageGallery serviceId={item.id} serviceName={item.name} onNotice={onNotice} onPick={onPick} /> : <GalleryAfterSave />}

      <DialogButtons saving={saving} onClose={onClose} form={FORM_ID} />
    </div>
  );
}

const pictureButton = `inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50 ${focusRing}`;

/** The item's main image: a preview, upload (上傳中... over the preview), a pick from the library, remove. */
function MainImageField({ value, error, onChange, onNotice, onPick }: { value: string; error?: string; onChange(path: string): void; onNotice(notice: Notice | null): void; onPick(request: PickRequest): void }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState("");
  useEffect(() => () => abort.current?.abort(), []);
  const shown = problem || error;

  async function upload(file: File | undefined) {
    if (!file) return;
    setProblem("");
    if (!file.type.startsWith("image/")) {
      setProblem(notAnImage(file.name));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    try {
      const outcome = await uploadPicture(file, controller.signal);
      if (controller.signal.aborted) return;
      if (outcome.ok) {
        onChange(outcome.path);
        onNotice({ tone: "success", text: "圖片已上傳，按「儲存」後生效" });
        void client.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });
      } else {
        setProblem(outcome.message);
      }
    } catch (caught) {
      console.warn(SERVICES_TEXT.uploadFailed, caught);
      setProblem(SERVICES_TEXT.uploadFailed);
    } finally {
      if (!controller.signal.aborted) setUploading(false);
    }
  }

  return (
    <div role="group" aria-labelledby={ids.field("main_image-label")} className="space-y-2" data-testid="field-main_image">
      <p className="text-sm font-medium text-gray-700" id={ids.field("main_image-label")}>
        主要圖片
      </p>
      <BusyOverlay label={uploading ? SERVICES_TEXT.uploading : null}>
        <Thumbnail src={value} alt="主要圖片預覽" className="aspect-[16/9] w-full max-w-sm rounded-lg" iconSize={32} testId="main-image-preview" />
      </BusyOverlay>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => input.current?.click()} disabled={uploading} className={pictureButton} aria-describedby={shown ? ids.error("main_image") : undefined}>
          <ImagePlus aria-hidden size={16} />
          上傳圖片
        </button>
        <button
          type="button"
          disabled={uploading}
          className={pictureButton}
          onClick={() =>
            onPick({
              multiple: false,
              title: "選擇主要圖片",
              onConfirm: ([file]) => {
                if (!file) return;
                const path = pickedPath(file);
                if (path) {
                  setProblem("");
                  onChange(path);
                } else setProblem(SERVICES_TEXT.pickedWithoutPath);
              },
            })
          }
        >
          <FolderOpen aria-hidden size={16} />
          從媒體庫選擇
        </button>
        {value ? (
          <button type="button" disabled={uploading} onClick={() => onChange("")} className={`${pictureButton} border-red-200 text-red-700 hover:bg-red-50`}>
            <Trash2 aria-hidden size={16} />
            移除圖片
          </button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={UPLOAD_ACCEPT.image}
          className="sr-only"
          tabIndex={-1}
          aria-label="上傳主要圖片"
          data-testid="main-image-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            void upload(file);
          }}
        />
      </div>
      {shown ? (
        <p id={ids.error("main_image")} role="alert" className="text-sm text-red-700" data-testid="error-main_image">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
