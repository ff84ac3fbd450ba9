// The back office's rich-text area (the HTML pages, news posts): TipTap with a
// small toolbar of named buttons (headings, bold, italic, lists, link and, where
// the screen asks for it, pictures from the media library). The link's address
// and a picture's description (its alt text) are asked in our own dialogs. The
// HTML it produces is sanitised on the server before any visitor sees it
// (decision 017).
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, Link2Off, List, ListOrdered, Pilcrow, TextQuote } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import type { MediaFile } from "#contract/media.ts";
import { isButtonLink, LINK_ERROR } from "#web/admin/pages/page-content.ts";
import { AdminDialog, useUnsavedValuesInDialog } from "./admin-dialog.tsx";
import { focusRing } from "./admin-notice.tsx";
import { inputClass } from "./form-field-parts.tsx";
import { MediaPicker } from "./media-picker.tsx";

const contentClass =
  "min-h-80 rounded-b-lg border border-gray-300 bg-white px-4 py-3 text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/40 [&_a]:text-blue-700 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-semibold [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_img.ProseMirror-selectednode]:outline-3 [&_img.ProseMirror-selectednode]:outline-blue-600 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6";

/** What the picture dialog is filling in: a new picture from the library, or the description of the selected one. */
type PictureRequest = { mode: "insert"; src: string; alt: string; width: number | null; height: number | null } | { mode: "describe"; alt: string };

export const PICTURE_ALT_REQUIRED = "請輸入圖片說明，讓看不到圖片的訪客與搜尋引擎也能理解";

interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  labelledBy: string;
  /** Offer 插入圖片: pictures from the media library, each with its description. */
  pictures?: boolean;
}

export function RichTextEditor({ value, onChange, labelledBy, pictures = false }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, autolink: true } }),
      // Pictures only where the screen offers them; a pasted data: picture is refused (it would bloat the post).
      ...(pictures ? [Image.configure({ inline: false, allowBase64: false })] : []),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: { class: contentClass, "aria-labelledby": labelledBy, role: "textbox", "aria-multiline": "true", "data-testid": "rich-text-content" },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current?.isActive("heading", { level: 2 }) ?? false,
      h3: current?.isActive("heading", { level: 3 }) ?? false,
      paragraph: current?.isActive("paragraph") ?? false,
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      bullet: current?.isActive("bulletList") ?? false,
      ordered: current?.isActive("orderedList") ?? false,
      quote: current?.isActive("blockquote") ?? false,
      link: current?.isActive("link") ?? false,
      picture: pictures && (current?.isActive("image") ?? false),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [picture, setPicture] = useState<PictureRequest | null>(null);

  // Content replaced from outside (a restored version, the HTML source view) is taken in without a change event.
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.getHTML() !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();

  function pick(file: MediaFile) {
    setPicture({ mode: "insert", src: file.file_path || file.file_url, alt: file.alt_text, width: file.width, height: file.height });
  }

  function placePicture(alt: string) {
    const request = picture;
    setPicture(null);
    if (!request) return;
    if (request.mode === "describe") {
      chain().updateAttributes("image", { alt }).run();
      return;
    }
    chain()
      .setImage({ src: request.src, alt, ...(request.width && request.height ? { width: request.width, height: request.height } : {}) })
      .run();
  }

  return (
    <div data-testid="rich-text-editor">
      <div role="toolbar" aria-label="文字格式" className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-gray-300 bg-gray-50 p-1">
        <ToolButton label="內文" active={state?.paragraph} onClick={() => chain().setParagraph().run()}>
          <Pilcrow aria-hidden size={18} />
        </ToolButton>
        <ToolButton label="大標題" active={state?.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 aria-hidden size={18} />
        </ToolButton>
        <ToolButton label="小標題" active={state?.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 aria-hidden size={18} />
        </ToolButton>
        <ToolButton label="粗體" active={state?.bold} onClick={() => chain().toggleBold().run()}>
          <Bold aria-hidden size={18} />
        </ToolButton>
        <ToolButton label="斜體" active={state?.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic aria-hidden size={18} />
        </ToolButton>
        <ToolButton label="項目清單" active={state?.bullet} onClick={() => chain().toggleBulletList().run()}>
          <List aria-hidden size={18} />
        </ToolButton>
        <ToolButton label="編號清單" active={state?.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered aria-hidden size={18} />
        </ToolButton>
        <ToolButton label="引用" active={state?.quote} onClick={() => chain().toggleBlockquote().run()}>
          <TextQuote aria-hidden size={18} />
        </ToolButton>
        <ToolButton label="插入連結" active={state?.link} onClick={() => setLinkOpen(true)}>
          <Link2 aria-hidden size={18} />
        </ToolButton>
        {state?.link ? (
          <ToolButton label="移除連結" onClick={() => chain().extendMarkRange("link").unsetLink().run()}>
            <Link2Off aria-hidden size={18} />
          </ToolButton>
        ) : null}
        {pictures ? (
          <ToolButton label="插入圖片" onClick={() => setPickerOpen(true)}>
            <ImagePlus aria-hidden size={18} />
          </ToolButton>
        ) : null}
        {state?.picture ? (
          <button
            type="button"
            onClick={() => setPicture({ mode: "describe", alt: (editor.getAttributes("image").alt as string | undefined) ?? "" })}
            className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-gray-800 hover:bg-gray-200 ${focusRing}`}
          >
            編輯圖片說明
          </button>
        ) : null}
      </div>
      <EditorContent editor={editor} />
      <LinkDialog
        open={linkOpen}
        initial={(editor.getAttributes("link").href as string | undefined) ?? ""}
        onClose={() => setLinkOpen(false)}
        onConfirm={(href) => {
          setLinkOpen(false);
          if (href) chain().extendMarkRange("link").setLink({ href }).run();
          else chain().extendMarkRange("link").unsetLink().run();
        }}
      />
      {pictures ? (
        <>
          <MediaPicker open={pickerOpen} onClose={() => setPickerOpen(false)} accept="image" title="插入圖片" onConfirm={([file]) => file && pick(file)} />
          <PictureDialog request={picture} onClose={() => setPicture(null)} onConfirm={placePicture} />
        </>
      ) : null}
    </div>
  );
}

function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active ?? undefined}
      onClick={onClick}
      className={`grid size-11 place-items-center rounded-lg ${active ? "bg-blue-600 text-white" : "text-gray-800 hover:bg-gray-200"} ${focusRing}`}
    >
      {children}
    </button>
  );
}

// The field takes the cursor as the dialog opens (typing, then Enter, is the keyboard's way): an
// autoFocus would be spent before the dialog is shown, and the dialog would focus its close button.
function LinkDialog({ open, initial, onClose, onConfirm }: { open: boolean; initial: string; onClose(): void; onConfirm(href: string): void }) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <AdminDialog open={open} title="插入連結" onClose={onClose} initialFocus={field}>
      {open ? <LinkForm field={field} initial={initial} onClose={onClose} onConfirm={onConfirm} /> : null}
    </AdminDialog>
  );
}

function LinkForm({ field, initial, onClose, onConfirm }: { field: RefObject<HTMLInputElement | null>; initial: string; onClose(): void; onConfirm(href: string): void }) {
  const [href, setHref] = useState(initial);
  useUnsavedValuesInDialog(href);
  const [error, setError] = useState("");
  const id = useId();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const link = href.trim();
        if (link && !isButtonLink(link) && !/^(mailto|tel):/.test(link)) {
          setError(LINK_ERROR);
          return;
        }
        onConfirm(link);
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        連結網址
      </label>
      <input
        ref={field}
        id={id}
        value={href}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${error ? "error" : "help"}`}
        onChange={(event) => {
          setHref(event.target.value);
          setError("");
        }}
        className={`${inputClass} min-h-11`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} className="mt-1 text-xs text-gray-600">
          例如 /contact、https://example.com 或 tel:0212345678；留空則移除連結
        </p>
      )}
      <DialogActions onClose={onClose} />
    </form>
  );
}

function PictureDialog({ request, onClose, onConfirm }: { request: PictureRequest | null; onClose(): void; onConfirm(alt: string): void }) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <AdminDialog open={request !== null} title={request?.mode === "describe" ? "編輯圖片說明" : "圖片說明"} onClose={onClose} initialFocus={field}>
      {request ? <PictureForm field={field} request={request} onClose={onClose} onConfirm={onConfirm} /> : null}
    </AdminDialog>
  );
}

function PictureForm({ field, request, onClose, onConfirm }: { field: RefObject<HTMLInputElement | null>; request: PictureRequest; onClose(): void; onConfirm(alt: string): void }) {
  const [alt, setAlt] = useState(request.alt);
  useUnsavedValuesInDialog(alt);
  const [error, setError] = useState("");
  const id = useId();
  return (
    <form
      noValidate
      data-testid="picture-alt-form"
      onSubmit={(event) => {
        event.preventDefault();
        const description = alt.trim();
        if (!description) {
          setError(PICTURE_ALT_REQUIRED);
          document.getElementById(id)?.focus();
          return;
        }
        onConfirm(description);
      }}
    >
      {request.mode === "insert" ? <img src={request.src} alt="" className="mb-4 max-h-48 w-full rounded-lg bg-gray-100 object-contain" /> : null}
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        圖片說明（替代文字）
        <span aria-hidden className="ml-0.5 text-red-600">
          *
        </span>
      </label>
      <input
        ref={field}
        id={id}
        value={alt}
        maxLength={200}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          setAlt(event.target.value);
          setError("");
        }}
        className={`${inputClass} min-h-11`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p id={`${id}-help`} className="mt-1 text-xs text-gray-600">
        用一句話描述圖片內容，例如「清洗後的水塔內部」。看不到圖片的訪客與搜尋引擎會讀到這段文字。
      </p>
      <DialogActions onClose={onClose} />
    </form>
  );
}

function DialogActions({ onClose }: { onClose(): void }) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      <button type="button" onClick={onClose} className={`min-h-11 rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}>
        取消
      </button>
      <button type="submit" className={`min-h-11 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`}>
        確定
      </button>
    </div>
  );
}
