// What the canvas's keys do, said after each node's name (the buttons the
// arrow keys walk, canvas.tsx) as the outline says its own.
export const CANVAS_HELP = "方向鍵在容器、欄與元素間移動；Tab 前往選取項目的動作；Alt + 上／下方向鍵移動位置（可移到其他欄）。";

/** The help's DOM id, from the editor's card ids (no node id is this short: node-ids.ts). */
export const canvasHelpId = (card: (id: string) => string) => card("help");
