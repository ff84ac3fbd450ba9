// Every element type of the page builder (002 §2.6: text, image, video, code,
// spacer, serviceCard; and the button, decision 041), by type. Typed so that a type in ELEMENT_TYPES without
// its module (schema and view) does not compile.
import type { ElementKind } from "./element-kind.ts";
import { buttonElement } from "./elements/button.ts";
import { codeElement } from "./elements/code.ts";
import { imageElement } from "./elements/image.ts";
import { serviceCardElement } from "./elements/service-card.ts";
import { spacerElement } from "./elements/spacer.ts";
import { textElement } from "./elements/text.ts";
import { videoElement } from "./elements/video.ts";
import type { BuilderElement, ElementOf, ElementType } from "./tree.ts";

export const ELEMENT_KINDS: { [T in ElementType]: ElementKind<T, ElementOf<T>> } = {
  text: textElement,
  image: imageElement,
  video: videoElement,
  code: codeElement,
  spacer: spacerElement,
  serviceCard: serviceCardElement,
  button: buttonElement,
};

/** Each element type in words (the toolbar, the outline, announcements, findings). */
export const elementLabel = (element: Pick<BuilderElement, "type">) => ELEMENT_KINDS[element.type].label;
