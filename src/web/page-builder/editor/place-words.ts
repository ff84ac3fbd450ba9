// Where a node is, in words: the outline's and the dialogs' names, and what
// the live region says after a change (已將「圖片：門面」移到第 2 個容器第 1 欄的第 1 個位置).
import { layoutOf } from "#contract/page-builder/layouts.ts";
import type { BuilderContainer } from "#contract/page-builder/tree.ts";

export const containerWords = (containerIndex: number) => `第 ${containerIndex + 1} 個容器`;

export const columnWords = (containerIndex: number, columnIndex: number) => `${containerWords(containerIndex)}第 ${columnIndex + 1} 欄`;

/** A container by its place and layout: 第 2 個容器（兩欄平分）. */
export function containerName(container: BuilderContainer, containerIndex: number): string {
  const layout = layoutOf(container.layout);
  return layout ? `${containerWords(containerIndex)}（${layout.name}）` : containerWords(containerIndex);
}

/** A column by its place and width: 第 1 欄（50%）. */
export function columnName(container: BuilderContainer, columnIndex: number): string {
  const width = layoutOf(container.layout)?.columns[columnIndex];
  return width === undefined ? `第 ${columnIndex + 1} 欄` : `第 ${columnIndex + 1} 欄（${Number(width.toFixed(2))}%）`;
}

export const elementMoved = (name: string, containerIndex: number, columnIndex: number, index: number) =>
  `已將「${name}」移到${columnWords(containerIndex, columnIndex)}的第 ${index + 1} 個位置`;

export const containerMoved = (fromIndex: number, toIndex: number) => `已將${containerWords(fromIndex)}移到第 ${toIndex + 1} 個位置`;
