// The 21 predefined column layouts of a container (002 §2.6, §3, §9), in two
// categories. A layout's columns are percent widths (they add up to 100) and a
// display pattern, the proportions in words for the picker's small drawing.
// Columns sit side by side from 768 px; below, they stack (the container's
// mobile rules choose the order, the hidden columns and the gap).
export type LayoutCategory = "basic" | "advanced";

export interface ColumnLayout {
  id: string;
  name: string;
  columns: readonly number[];
  displayPattern: string;
  category: LayoutCategory;
}

const layout = (id: string, name: string, columns: readonly number[], displayPattern: string, category: LayoutCategory): ColumnLayout => ({ id, name, columns, displayPattern, category });

export const COLUMN_LAYOUTS: readonly ColumnLayout[] = [
  layout("1", "單欄", [100], "1", "basic"),
  layout("1-1", "兩欄平分", [50, 50], "1:1", "basic"),
  layout("1-1-1", "三欄平分", [33.33, 33.33, 33.34], "1:1:1", "basic"),
  layout("1-1-1-1", "四欄平分", [25, 25, 25, 25], "1:1:1:1", "basic"),
  layout("2-1", "左寬右窄", [66.67, 33.33], "2:1", "basic"),
  layout("1-2", "左窄右寬", [33.33, 66.67], "1:2", "basic"),
  layout("3-1", "左大右小", [75, 25], "3:1", "basic"),
  layout("1-3", "左小右大", [25, 75], "1:3", "basic"),
  layout("1-1-1-1-1", "五欄平分", [20, 20, 20, 20, 20], "1:1:1:1:1", "basic"),
  layout("1-2-1", "中間寬", [25, 50, 25], "1:2:1", "advanced"),
  layout("2-1-1", "左寬兩窄", [50, 25, 25], "2:1:1", "advanced"),
  layout("1-1-2", "兩窄右寬", [25, 25, 50], "1:1:2", "advanced"),
  layout("2-3", "四比六", [40, 60], "2:3", "advanced"),
  layout("3-2", "六比四", [60, 40], "3:2", "advanced"),
  layout("3-7", "三比七", [30, 70], "3:7", "advanced"),
  layout("7-3", "七比三", [70, 30], "7:3", "advanced"),
  layout("1-4", "二比八", [20, 80], "1:4", "advanced"),
  layout("4-1", "八比二", [80, 20], "4:1", "advanced"),
  layout("1-3-1", "中間特寬", [20, 60, 20], "1:3:1", "advanced"),
  layout("6x1", "六欄平分", [16.66, 16.67, 16.67, 16.67, 16.67, 16.66], "1:1:1:1:1:1", "advanced"),
  layout("3-14-3", "窄邊寬中", [15, 70, 15], "3:14:3", "advanced"),
];

export const LAYOUT_CATEGORY_LABELS: Record<LayoutCategory, string> = { basic: "基本版面", advanced: "進階版面" };

export const LAYOUT_IDS = COLUMN_LAYOUTS.map((entry) => entry.id) as readonly string[];

export function layoutOf(id: string): ColumnLayout | undefined {
  return COLUMN_LAYOUTS.find((entry) => entry.id === id);
}

/** The CSS class of one column width (a percentage with two decimals, the dot as a dash): `pb-w-33-33`. */
export const widthClass = (percent: number) => `pb-w-${percent.toFixed(2).replace(/\.00$/, "").replace(".", "-")}`;
