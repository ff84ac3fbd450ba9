// The accessibility findings of a built page (issue 24): before publishing,
// its generated HTML is checked at both widths for what hurts people and
// search engines, and its buttons for what would keep them off the page
// (decision 041). Each finding names its element, so the editor shows it there
// and the publish dialog can list it, and the node whose dialog fixes it
// (前往修改). Pure (htmlparser2, no DOM): the same in
// the browser and in unit tests.
import type { SiteLinks } from "#contract/page-builder/link-target.ts";
import { FALLBACK_THEME } from "#contract/theme.ts";
import { elementsOf, renderTree } from "#contract/page-builder/render.ts";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { readingOrder, WIDTHS, type Width } from "./reading-order.ts";
import { elementIssues, headingIssues, type FindingRule } from "./rules.ts";

export type { FindingRule } from "./rules.ts";

export interface Finding {
  /** The element's node id. */
  nodeId: string;
  rule: FindingRule;
  /** What is wrong and what to do, in Traditional Chinese for staff. */
  message: string;
  /** The node whose dialog fixes it (前往修改): the element, or its container when the container's background is the cause. */
  editId: string;
  /** The widths at which a visitor meets it (desktop first). */
  widths: Width[];
}

export interface FindingOptions {
  /** The active theme's text colour (its text_primary); the built-in theme's by default. */
  textColour?: string;
  /** The settings' phone and LINE links: given, a button that follows an empty one is found. */
  links?: SiteLinks;
}

export function findingsOf(tree: BuilderTree, options: FindingOptions = {}): Finding[] {
  const textColour = options.textColour ?? FALLBACK_THEME.text_primary;
  const elements = elementsOf(tree);
  const byId = new Map(elements.map((element) => [element.id, element]));
  const containerOf = new Map(tree.containers.flatMap((container) => container.columns.flatMap((column) => column.elements.map((element) => [element.id, container.id] as const))));
  const order = readingOrder(renderTree(tree).html);
  const found = new Map<string, Finding>();
  const add = (nodeId: string, rule: FindingRule, message: string, width: Width, inContainer = false) => {
    const key = `${nodeId}\n${rule}\n${message}`;
    const finding = found.get(key);
    const editId = inContainer ? (containerOf.get(nodeId) ?? nodeId) : nodeId;
    if (!finding) found.set(key, { nodeId, rule, message, editId, widths: [width] });
    else if (!finding.widths.includes(width)) finding.widths.push(width);
  };

  for (const placed of order.desktop) {
    const element = byId.get(placed.id);
    if (!element) continue;
    for (const issue of elementIssues(placed, element, textColour, options.links)) {
      add(placed.id, issue.rule, issue.message, "desktop", issue.inContainer);
      if (placed.onMobile) add(placed.id, issue.rule, issue.message, "mobile", issue.inContainer);
    }
  }
  for (const width of WIDTHS) {
    for (const issue of headingIssues(order[width])) add(issue.id, issue.rule, issue.message, width);
  }

  // In the page's order, so that a list of findings reads top to bottom.
  const position = new Map(elements.map((element, index) => [element.id, index]));
  return [...found.values()]
    .map((finding) => ({ ...finding, widths: WIDTHS.filter((width) => finding.widths.includes(width)) }))
    .sort((a, b) => (position.get(a.nodeId) ?? 0) - (position.get(b.nodeId) ?? 0));
}
