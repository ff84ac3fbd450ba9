// The image element's dialog: a picture from the media library (or an https
// address), its alt text or the explicit 裝飾性圖片 choice, a link and a
// caption. The schema lets alt text be empty (a decorative picture has none);
// this dialog refuses a picture that is neither described nor marked
// decorative, and a linked picture without words, where the person can fix it
// at once. The findings still flag both for trees made elsewhere (an older
// page parsed back, a pasted element).
import { Image } from "lucide-react";
import { imageElement } from "#contract/page-builder/elements/image.ts";
import { TextField } from "#web/admin/shared/dialog-fields.tsx";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";
import { fieldIds } from "#web/admin/shared/form-field-parts.tsx";
import type { ElementOf } from "#contract/page-builder/tree.ts";
import type { ElementEditorModule, ElementEditorProps } from "../element-editor.ts";
import { CheckboxField } from "./choice-fields.tsx";
import { dialogTitle, ElementDialog } from "./element-dialog.tsx";
import { MediaField } from "./media-field.tsx";
import { shortLine } from "./plain-text.ts";
import { useElementForm } from "./use-element-form.ts";

const ids = fieldIds("pb-image");

export const IMAGE_MESSAGES = {
  pictureRequired: "請選擇圖片",
  altRequired: "請輸入替代文字，或勾選「裝飾性圖片」",
  linkNeedsAlt: "有連結的圖片需要替代文字，說明連結會前往哪裡",
} as const;

type ImageValues = Pick<ElementOf<"image">, "src" | "alt" | "decorative" | "link" | "caption">;

export function imageDialogRules(values: ImageValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.src.trim() === "") errors.src = IMAGE_MESSAGES.pictureRequired;
  if (values.alt.trim() === "" && !values.decorative) errors.alt = IMAGE_MESSAGES.altRequired;
  if (values.alt.trim() === "" && values.decorative && values.link.trim() !== "") errors.link = IMAGE_MESSAGES.linkNeedsAlt;
  return errors;
}

function ImageEditor(props: ElementEditorProps<"image">) {
  const form = useElementForm(props, {
    valuesOf: ({ src, alt, decorative, link, caption }): ImageValues => ({ src, alt, decorative, link, caption }),
    // A decorative picture has no alt text: the page gives it alt="" whatever was typed.
    toElement: (values, element) => ({ ...element, ...values, alt: values.decorative ? "" : values.alt }),
    dialogRules: imageDialogRules,
  });
  const { values, set, errors } = form;
  return (
    <ElementDialog title={dialogTitle(props.isNew, imageElement.label)} form={form} onCancel={props.onCancel} testId="pb-image-form">
      {(pick) => (
        <>
          <MediaField
            ids={ids}
            field="src"
            label="圖片"
            kind="image"
            required
            value={values.src}
            errors={errors}
            help="從媒體庫選擇或上傳；也可以輸入 https:// 開頭的圖片網址"
            onChange={(src) => set("src", src)}
            onPicked={(file) => {
              // The library's description of the picture, when it has one and the element none yet.
              if (file.alt_text && values.alt.trim() === "") set("alt", file.alt_text);
            }}
            pick={pick}
          />
          {values.decorative ? null : (
            <TextField
              ids={ids}
              field="alt"
              label="替代文字"
              required
              value={values.alt}
              errors={errors}
              help="用一句話說明圖片內容，例如「清洗後的水塔內部」。看不到圖片的訪客與搜尋引擎會讀到這段文字。"
              onChange={(alt) => set("alt", alt)}
            />
          )}
          <CheckboxField
            ids={ids}
            field="decorative"
            label="裝飾性圖片"
            help="只是裝飾、不帶任何資訊的圖片（例如分隔線、背景花紋）。螢幕閱讀器會略過它，所以不需要替代文字。"
            checked={values.decorative}
            errors={errors}
            onChange={(on) => set("decorative", on)}
          />
          <TextField ids={ids} field="link" label="連結（選填）" value={values.link} errors={errors} help="點圖片時前往的頁面，例如 /contact 或 https://example.com；留空則不連結" onChange={(link) => set("link", link)} />
          <TextField ids={ids} field="caption" label="圖說（選填）" value={values.caption} errors={errors} help="顯示在圖片下方的文字" onChange={(caption) => set("caption", caption)} />
        </>
      )}
    </ElementDialog>
  );
}

export const imageEditor: ElementEditorModule<"image"> = {
  type: "image",
  icon: Image,
  // No picture yet: the schema accepts it (the page shows nothing), the dialog does not, so the editor opens it at once.
  create: (id) => ({ id, type: "image", src: "", alt: "", decorative: false, link: "", caption: "" }),
  summary: (element) => (element.decorative ? "裝飾性圖片" : element.alt.trim() ? shortLine(element.alt) : element.src ? "圖片（缺少替代文字）" : "圖片（尚未選擇）"),
  Editor: ImageEditor,
};
