// A saved service item's case images (002 §2.10, §3, §4, §8): uploaded from
// the computer (several at once, 上傳中... over the gallery) or chosen in the
// media library (several at once), each with the title and description typed
// above; deleted after our own confirmation, reordered by dragging or with
// 前移 / 後移. Every change is stored at once: the item's 儲存 is not needed.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderOpen, ImagePlus, Info, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { SERVICE_MESSAGES, type ServiceImage } from "#contract/services.ts";
import type { MediaFile } from "#contract/media.ts";
import { MEDIA_QUERY_KEY } from "#web/admin/media/media-api.ts";
import { partitionUploads, UPLOAD_ACCEPT } from "#web/admin/media/media-files.ts";
import { focusRing, LoadError, RetryButton, type Notice } from "#web/admin/shared/admin-notice.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import { BusyOverlay, Thumbnail, TextField } from "#web/admin/shared/dialog-fields.tsx";
import { addImage, deleteImage, fetchImages, reorderImages, uploadPicture } from "./services-api.ts";
import { addImages, imageLabel, imagesQueryKey, notAnImage, pickedPath, SERVICES_TEXT } from "./services-form.ts";
import { actionFailure, loadFailure } from "#web/admin/shared/dialog-form.ts";
import { SortableList } from "#web/admin/shared/sortable-list.tsx";
import { useReorder } from "./use-reorder.ts";
import type { PickRequest } from "#web/admin/shared/media-picker.tsx";

interface GalleryProps {
  serviceId: number;
  serviceName: string;
  onNotice(notice: Notice | null): void;
  onPick(request: PickRequest): void;
}

const ids = fieldIds("service-image");
const actionButton = `inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50 ${focusRing}`;

type Busy = { label: string; detail?: string } | null;

export function ServiceImageGallery({ serviceId, serviceName, onNotice, onPick }: GalleryProps) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const queryKey = imagesQueryKey(serviceId);
  const query = useQuery({ queryKey, queryFn: ({ signal }) => fetchImages(serviceId, signal) });
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState<Busy>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const images = query.data ?? [];
  const reload = () => client.invalidateQueries({ queryKey });
  const move = useReorder<ServiceImage>({
    queryKey,
    save: (order) => reorderImages(serviceId, order),
    onSaved: (message) => onNotice({ tone: "success", text: message || SERVICES_TEXT.orderSaved }),
    onFailed: (error) => {
      console.warn("儲存圖片排序失敗", error);
      onNotice({ tone: "error", text: actionFailure(error, SERVICES_TEXT.orderFailed) });
    },
  });

  const addOne = (path: string) => addImage({ service_id: serviceId, image_path: path, title: title.trim(), description: description.trim(), display_order: 0, is_active: 1 });

  async function finish(notice: Notice) {
    onNotice(notice);
    if (notice.tone === "success") {
      setTitle("");
      setDescription("");
    }
    await reload();
  }

  async function upload(files: File[]) {
    if (files.length === 0 || busy) return;
    const { accepted, skipped } = partitionUploads(files, "image");
    const failures = skipped.map((file) => notAnImage(file.name));
    const controller = new AbortController();
    abort.current = controller;
    onNotice(null);
    try {
      const paths: string[] = [];
      for (const [index, file] of accepted.entries()) {
        setBusy({ label: SERVICES_TEXT.uploading, detail: accepted.length > 1 ? `第 ${index + 1} / ${accepted.length} 張：${file.name}` : file.name });
        const outcome = await uploadPicture(file, controller.signal);
        if (controller.signal.aborted) return;
        if (outcome.ok) paths.push(outcome.path);
        else failures.push(outcome.message);
      }
      if (paths.length > 0) void client.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });
      setBusy({ label: "新增中..." });
      await finish(await addImages(paths, failures, "upload", { add: addOne }));
    } catch (error) {
      console.warn(SERVICES_TEXT.batchUploadFailed, error);
      onNotice({ tone: "error", text: SERVICES_TEXT.batchUploadFailed });
    } finally {
      if (!controller.signal.aborted) setBusy(null);
    }
  }

  async function addPicked(files: MediaFile[]) {
    if (files.length === 0) return;
    const paths: string[] = [];
    const failures: string[] = [];
    for (const file of files) {
      const path = pickedPath(file);
      if (path) paths.push(path);
      else failures.push(SERVICES_TEXT.pickedWithoutPath);
    }
    setBusy({ label: "新增中..." });
    onNotice(null);
    try {
      await finish(await addImages(paths, [...new Set(failures)], "library", { add: addOne }));
    } catch (error) {
      console.warn(SERVICES_TEXT.addImageFailed, error);
      onNotice({ tone: "error", text: SERVICES_TEXT.addImageFailed });
    } finally {
      setBusy(null);
    }
  }

  async function remove(image: ServiceImage, index: number) {
    const confirmed = await confirm({ title: "刪除圖片", message: SERVICES_TEXT.deleteImageConfirm, items: [`${serviceName}：${imageLabel(image, index)}`], confirmLabel: "刪除" });
    if (!confirmed) return;
    setDeletingId(image.id);
    try {
      const result = await deleteImage(image.id);
      onNotice({ tone: "success", text: result.message || SERVICES_TEXT.imageDeleted });
      await reload();
    } catch (error) {
      console.warn(SERVICES_TEXT.deleteImageFailed, error);
      onNotice({ tone: "error", text: actionFailure(error, SERVICES_TEXT.deleteImageFailed) });
      await reload();
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <section aria-labelledby="service-gallery-heading" className="space-y-4 rounded-xl border border-gray-200 p-4" data-testid="service-gallery">
      <div>
        <h3 id="service-gallery-heading" className="font-semibold text-gray-900">
          案例圖片{query.data ? `（${images.length}）` : ""}
        </h3>
        <p className="mt-1 text-sm text-gray-600">圖片的新增、刪除與排序會立即儲存，不必再按「儲存」。</p>
      </div>

      <BusyOverlay label={busy?.label ?? null} detail={busy?.detail}>
        <div className="space-y-3 rounded-lg bg-gray-50 p-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField ids={ids} field="title" label="圖片標題（選填）" value={title} errors={{}} onChange={setTitle} />
            <TextField ids={ids} field="description" label="圖片說明（選填）" value={description} errors={{}} onChange={setDescription} />
          </div>
          <p className="text-xs text-gray-600">標題與說明會套用到這次新增的圖片。</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => fileInput.current?.click()} disabled={busy !== null} className={actionButton}>
              <ImagePlus aria-hidden size={16} />
              上傳圖片
            </button>
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => onPick({ multiple: true, title: "選擇案例圖片", onConfirm: (files) => void addPicked(files) })}
              className={actionButton}
            >
              <FolderOpen aria-hidden size={16} />
              從媒體庫選擇
            </button>
            <input
              ref={fileInput}
              type="file"
              accept={UPLOAD_ACCEPT.image}
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-label="上傳案例圖片"
              data-testid="gallery-file-input"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = "";
                void upload(files);
              }}
            />
          </div>
        </div>

        <div className="mt-4">
          {query.isPending ? (
            <BusyOverlay label={SERVICES_TEXT.loading}>
              <div className="h-32" />
            </BusyOverlay>
          ) : query.isError ? (
            <LoadError message={loadFailure(query.error, SERVICES_TEXT.loadImagesFailed)} testId="gallery-load-error" action={<RetryButton onRetry={() => void query.refetch()} />} />
          ) : images.length === 0 ? (
            <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600" data-testid="gallery-empty">
              尚無案例圖片，請上傳或從媒體庫選擇
            </p>
          ) : (
            <SortableList
              items={images}
              nameOf={(image, index) => imageLabel(image, index)}
              noun="圖片"
              layout="grid"
              onMove={move}
              className="grid gap-3 sm:grid-cols-2"
              testId="gallery-list"
              itemTestId="gallery-image"
              itemClassName={(dragging) => `flex flex-col gap-2 rounded-lg border border-gray-200 p-2 ${dragging ? "relative z-10 bg-blue-50 shadow-lg" : "bg-white"}`}
              renderItem={(image, index, { handle, moves }) => (
                <>
                  <Thumbnail src={image.image_path} alt={imageLabel(image, index)} className="aspect-[4/3] w-full rounded-md" iconSize={28} testId="gallery-thumbnail" />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-gray-900" data-testid="gallery-image-title">
                      {imageLabel(image, index)}
                    </p>
                    {image.description ? <p className="line-clamp-2 text-sm text-gray-600">{image.description}</p> : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-1">
                    {handle}
                    {moves}
                    <button
                      type="button"
                      onClick={() => void remove(image, index)}
                      disabled={deletingId === image.id}
                      className={`ml-auto inline-flex items-center gap-1 rounded-lg px-2.5 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50 ${focusRing}`}
                    >
                      <Trash2 aria-hidden size={16} />
                      刪除
                      <span className="sr-only">：{imageLabel(image, index)}</span>
                    </button>
                  </div>
                </>
              )}
            />
          )}
        </div>
      </BusyOverlay>
    </section>
  );
}

/**
 * In place of the gallery for an item not saved yet (002 §4): the same two buttons, which say what to
 * do first only when pressed (said before anything was tried, it read as an error).
 */
export function GalleryAfterSave() {
  const [tried, setTried] = useState(false);
  const tryAdding = () => setTried(true);
  return (
    <section aria-labelledby="service-gallery-heading" className="space-y-3 rounded-xl border border-gray-200 p-4" data-testid="gallery-save-first">
      <h3 id="service-gallery-heading" className="font-semibold text-gray-900">
        案例圖片
      </h3>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={tryAdding} className={actionButton}>
          <ImagePlus aria-hidden size={16} />
          上傳圖片
        </button>
        <button type="button" onClick={tryAdding} className={actionButton}>
          <FolderOpen aria-hidden size={16} />
          從媒體庫選擇
        </button>
      </div>
      {/* Present from the start, so a screen reader announces what is put in it. */}
      <div role="alert">
        {tried ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="gallery-save-first-message">
            <p className="flex items-start gap-2 font-medium">
              <Info aria-hidden size={18} className="mt-0.5 shrink-0" />
              {SERVICE_MESSAGES.saveItemFirst}
            </p>
            <p className="mt-1 pl-6">{SERVICES_TEXT.imagesAfterSave}</p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
