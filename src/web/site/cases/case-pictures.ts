// A case's pictures in the order its detail shows them (each group's before,
// after, then its other pictures): the order the full preview steps through,
// each with the words that name it on screen and for screen readers.
import type { PhotoGroupView } from "./case-view.ts";

export type PictureRole = "before" | "after" | "single";

export const ROLE_LABELS: Record<Exclude<PictureRole, "single">, string> = { before: "施工前", after: "施工後" };

export interface CasePicture {
  /** Which picture of which group: how a picture on screen finds its place in the preview. */
  key: string;
  src: string;
  /** "照片組 1・施工前", "照片組 1・照片 2". */
  caption: string;
}

export const pictureKey = (groupIndex: number, role: PictureRole, index = 0) => `${groupIndex}:${role}:${index}`;

export function casePicturesOf(groups: readonly PhotoGroupView[]): CasePicture[] {
  return groups.flatMap((group, groupIndex) => {
    const named = (role: "before" | "after", src: string) => (src ? [{ key: pictureKey(groupIndex, role), src, caption: `${group.title}・${ROLE_LABELS[role]}` }] : []);
    return [
      ...named("before", group.before),
      ...named("after", group.after),
      ...group.singles.map((src, index) => ({ key: pictureKey(groupIndex, "single", index), src, caption: `${group.title}・照片 ${index + 1}` })),
    ];
  });
}
