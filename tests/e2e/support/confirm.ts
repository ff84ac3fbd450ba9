// The back office's own confirmation dialog (admin/shared/confirm-dialog.tsx),
// answered as a person would: read it, then press 取消 or the action's button.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { SETTLE } from "./browser.ts";

export interface AskedConfirmation {
  title: string;
  message: string;
  items: string[];
  confirmLabel: string;
}

export const confirmDialog = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("confirm-dialog") });

/** Waits for the question, answers it, and returns what it said. */
export async function answerConfirm(page: Page, answer: "confirm" | "cancel"): Promise<AskedConfirmation> {
  const dialog = confirmDialog(page);
  await expect.poll(() => dialog.count(), SETTLE).toBe(1);
  const buttons = dialog.getByTestId("confirm-dialog").getByRole("button");
  const asked: AskedConfirmation = {
    title: (await dialog.locator("h2").textContent()) ?? "",
    message: (await dialog.getByTestId("confirm-dialog").locator("p").first().textContent()) ?? "",
    items: await dialog.getByTestId("confirm-items").locator("li").allTextContents(),
    confirmLabel: (await buttons.last().textContent()) ?? "",
  };
  await (answer === "confirm" ? buttons.last() : dialog.getByRole("button", { name: "取消" })).click();
  await expect.poll(() => dialog.count(), SETTLE).toBe(0);
  return asked;
}
