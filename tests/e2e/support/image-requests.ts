// The pictures a browser asks for while a page loads, in the order it asked:
// the page's largest picture must be the first (decision 049), so that on a
// phone's first connection it is not queued behind the logo.
import type { Page } from "playwright-core";
import { visit } from "./browser.ts";

/** The addresses (paths) of the images `page` requests while it opens `pathname`, first asked first. */
export async function imageRequestsWhileOpening(page: Page, pathname: string): Promise<string[]> {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image" && !request.url().startsWith("data:")) asked.push(new URL(request.url()).pathname);
  });
  await visit(page, pathname);
  return asked;
}

/** The upload's key (`/uploads/2026/12/abc.jpg` → `/uploads/2026/12/abc`): its variants' addresses start with it. */
export const uploadStem = (filePath: string) => filePath.replace(/\.[a-z0-9]+$/i, "");
