// The picture places of a photo group (001 §3): 施工前 and 施工後, one picture
// each, and 其他照片, as many as wanted. Each is filled by an upload from the
// computer or a pick from the media library, emptied with 移除, and its
// pictures open at full screen. Upload refusals are listed beside the place.
import { FolderOpen, ImagePlus, Trash2 } from "lucide-react";
import { useId, useRef, type ReactNode } from "react";
import type { MediaFile } from "#contract/media.ts";
import { UPLOAD_ACCEPT } from "#web/admin/media/media-files.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { BusyOverlay, Thumbnail } from "#web/admin/shared/dialog-fields.tsx";
import type { PickRequest } from "#web/admin/shared/media-picker.tsx";
import type { PreviewRequest } from "./image-preview.tsx";
import { usePictureUpload } from "./use-picture-upload.ts";

/** What a picture place asks of the screen: the full-screen preview and the media library. */
export interface PictureActions {
  onPreview(request: PreviewRequest): void;
  onPick(request: PickRequest): void;
}

const actionButton = `inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50 ${focusRing}`;
const removeButton = `${actionButton} border-red-200 text-red-700 hover:bg-red-50`;

const pickedPaths = (files: readonly MediaFile[]) => files.map((file) => (file.file_path || file.file_url || "").trim()).filter(Boolean);

interface SlotProps extends PictureActions {
  /** 施工前 or 施工後. */
  label: string;
  /** The group's name, so that each button says which group it works on. */
  groupName: string;
  path: string;
  error?: string;
  onChange(path: string): void;
  testId: string;
}

/** One picture: 施工前 or 施工後. */
export function PictureSlot({ label, groupName, path, error, onChange, onPreview, onPick, testId }: SlotProps) {
  const headingId = useId();
  const upload = usePictureUpload(([first]) => first && onChange(first));
  const whose = `${label}照片（${groupName}）`;
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2 rounded-lg border border-gray-200 p-3" data-testid={testId}>
      <p id={headingId} className="text-sm font-semibold text-gray-800">
        {label}
      </p>
      <BusyOverlay label={upload.busy}>
        {path ? (
          <button
            type="button"
            onClick={() => onPreview({ src: path, caption: `${groupName}・${label}` })}
            className={`block w-full overflow-hidden rounded-md ${focusRing}`}
            data-testid="slot-preview"
          >
            <Thumbnail src={path} alt={`預覽${whose}`} className="h-36 w-full sm:h-40" iconSize={28} testId="slot-image" />
          </button>
        ) : (
          <p className="flex h-24 w-full items-center justify-center rounded-md border border-dashed border-gray-300 bg-gray-50 text-sm text-gray-600" data-testid="slot-empty">
            尚未加入照片
          </p>
        )}
      </BusyOverlay>
      <PictureButtons
        what={whose}
        multiple={false}
        busy={upload.busy !== null}
        onFiles={(files) => void upload.upload(files)}
        onLibrary={() =>
          onPick({
            multiple: false,
            title: `選擇${whose}`,
            onConfirm: (files) => {
              const [first] = pickedPaths(files);
              if (first) onChange(first);
            },
          })
        }
      >
        {path ? (
          <button type="button" disabled={upload.busy !== null} onClick={() => onChange("")} className={removeButton}>
            <Trash2 aria-hidden size={16} />
            移除
            <span className="sr-only">{whose}</span>
          </button>
        ) : null}
      </PictureButtons>
      <Problems messages={[...upload.problems, ...(error ? [error] : [])]} />
    </div>
  );
}

interface ExtrasProps extends PictureActions {
  groupName: string;
  paths: readonly string[];
  error?: string;
  onChange(paths: string[]): void;
}

/** A group's other pictures, each shown alone (001 §3 single_images). */
export function ExtraPictures({ groupName, paths, error, onChange, onPreview, onPick }: ExtrasProps) {
  const headingId = useId();
  // Added to the list as it is when they arrive, not as it was when the upload began.
  const latest = useRef(paths);
  latest.current = paths;
  const upload = usePictureUpload((added) => onChange([...latest.current, ...added]));
  const whose = `其他照片（${groupName}）`;
  return (
    <div role="group" aria-labelledby={headingId} className="space-y-2 rounded-lg border border-gray-200 p-3" data-testid="extra-pictures">
      <p id={headingId} className="text-sm font-semibold text-gray-800">
        其他照片{paths.length > 0 ? `（${paths.length}）` : ""}
      </p>
      <BusyOverlay label={upload.busy}>
        {paths.length === 0 ? (
          <p className="rounded-md border border-dashed border-gray-300 bg-gray-50 p-4 text-center text-sm text-gray-600">沒有其他照片；施工過程或細節照可加在這裡</p>
        ) : (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {paths.map((path, index) => {
              const name = `其他照片 ${index + 1}（${groupName}）`;
              return (
                <li key={`${index}-${path}`} className="space-y-1" data-testid="extra-picture">
                  <button type="button" onClick={() => onPreview({ src: path, caption: `${groupName}・其他照片 ${index + 1}` })} className={`block w-full overflow-hidden rounded-md ${focusRing}`}>
                    <Thumbnail src={path} alt={`預覽${name}`} className="h-24 w-full" iconSize={22} />
                  </button>
                  <button type="button" onClick={() => onChange(paths.filter((_, at) => at !== index))} className={`${removeButton} w-full justify-center`}>
                    <Trash2 aria-hidden size={16} />
                    移除
                    <span className="sr-only">{name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </BusyOverlay>
      <PictureButtons
        what={whose}
        multiple
        busy={upload.busy !== null}
        onFiles={(files) => void upload.upload(files)}
        onLibrary={() => onPick({ multiple: true, title: `選擇${whose}`, onConfirm: (files) => onChange([...latest.current, ...pickedPaths(files)]) })}
      />
      <Problems messages={[...upload.problems, ...(error ? [error] : [])]} />
    </div>
  );
}

function PictureButtons({ what, multiple, busy, onFiles, onLibrary, children }: { what: string; multiple: boolean; busy: boolean; onFiles(files: File[]): void; onLibrary(): void; children?: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" disabled={busy} onClick={() => input.current?.click()} className={actionButton}>
        <ImagePlus aria-hidden size={16} />
        上傳
        <span className="sr-only">{what}</span>
      </button>
      <button type="button" disabled={busy} onClick={onLibrary} className={actionButton}>
        <FolderOpen aria-hidden size={16} />
        從媒體庫選擇
        <span className="sr-only">{what}</span>
      </button>
      {children}
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT.image}
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-label={`選擇${what}的檔案`}
        data-testid="picture-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          onFiles(files);
        }}
      />
    </div>
  );
}

/** Each file that did not make it, by name, where the eye is. */
function Problems({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul role="alert" className="space-y-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="picture-problems">
      {messages.map((message, index) => (
        <li key={`${index}-${message}`}>{message}</li>
      ))}
    </ul>
  );
}
