// The rich-text area of the HTML pages (about_company and free pages): TipTap
// with a small toolbar of named buttons (headings, bold, italic, lists, link).
// The link's address is asked in our own dialog. The HTML it produces is
// sanitised on the server before any visitor sees it (decision 017).
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Heading3, Italic, Link2, Link2Off, List, ListOrdered, Pilcrow } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { inputClass } from "#web/admin/shared/form-field-parts.tsx";
import { isButtonLink, LINK_ERROR } from "./page-content.ts";

const contentClass =
  "min-h-80 rounded-b-lg border border-gray-300 bg-white px-4 py-3 text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/40 [&_a]:text-blue-700 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6";

export function RichTextEditor({ value, onChange, labelledBy }: { value: string; onChange(html: string): void; labelledBy: string }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, autolink: true } })],
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
      link: current?.isActive("link") ?? false,
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);

  // Content replaced from outside (a restored version, the HTML source view) is taken in without a change event.
  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.getHTML() !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();

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
        <ToolButton label="插入連結" active={state?.link} onClick={() => setLinkOpen(true)}>
          <Link2 aria-hidden size={18} />
        </ToolButton>
        {state?.link ? (
          <ToolButton label="移除連結" onClick={() => chain().extendMarkRange("link").unsetLink().run()}>
            <Link2Off aria-hidden size={18} />
          </ToolButton>
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

function LinkDialog({ open, initial, onClose, onConfirm }: { open: boolean; initial: string; onClose(): void; onConfirm(href: string): void }) {
  return (
    <AdminDialog open={open} title="插入連結" onClose={onClose}>
      {open ? <LinkForm initial={initial} onClose={onClose} onConfirm={onConfirm} /> : null}
    </AdminDialog>
  );
}

function LinkForm({ initial, onClose, onConfirm }: { initial: string; onClose(): void; onConfirm(href: string): void }) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState("");
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
      <label htmlFor="page-link-href" className="block text-sm font-medium text-gray-800">
        連結網址
      </label>
      <input
        id="page-link-href"
        value={href}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "page-link-href-error" : "page-link-href-help"}
        onChange={(event) => {
          setHref(event.target.value);
          setError("");
        }}
        className={`${inputClass} min-h-11`}
      />
      {error ? (
        <p id="page-link-href-error" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id="page-link-href-help" className="mt-1 text-xs text-gray-600">
          例如 /contact、https://example.com 或 tel:0212345678；留空則移除連結
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onClose} className={`min-h-11 rounded-lg border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}>
          取消
        </button>
        <button type="submit" className={`min-h-11 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 ${focusRing}`}>
          確定
        </button>
      </div>
    </form>
  );
}
