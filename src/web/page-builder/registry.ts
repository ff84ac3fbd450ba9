// Every element type's editor, by type (CONVENTIONS: elements are schema +
// view + editor). Typed by ElementEditorRegistry, so an element type without
// its editor does not compile.
import type { ElementEditorRegistry } from "./element-editor.ts";
import { buttonEditor } from "./elements/button.editor.tsx";
import { codeEditor } from "./elements/code.editor.tsx";
import { imageEditor } from "./elements/image.editor.tsx";
import { serviceCardEditor } from "./elements/service-card.editor.tsx";
import { spacerEditor } from "./elements/spacer.editor.tsx";
import { textEditor } from "./elements/text.editor.tsx";
import { videoEditor } from "./elements/video.editor.tsx";

export const ELEMENT_EDITORS: ElementEditorRegistry = {
  text: textEditor,
  image: imageEditor,
  video: videoEditor,
  code: codeEditor,
  spacer: spacerEditor,
  serviceCard: serviceCardEditor,
  button: buttonEditor,
};
