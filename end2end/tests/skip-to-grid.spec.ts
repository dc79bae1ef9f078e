import { expect } from "@playwright/test";
import { longSheet } from "./fixtures/long-sheet.cjs";
import { SheetPage, test } from "./fixtures/workbench";

// A long sheet's grid is far down its page, after the header, the summary and the budget
// picture (whose parts are tab stops): the link at the top of the page takes the focus to
// the grid's first cell, in view.

test("on a 700-row sheet the skip link at the top moves the focus to the grid's first cell, in view", async ({ page, crashes }) => {
  // A 700-row page takes a while to load and hydrate on a busy machine.
  test.setTimeout(120_000);
  const sheet = await SheetPage.importText(page, "long", longSheet(700), 60_000);
  const first = sheet.cell(1, "layer");
  await expect(first).not.toBeInViewport();

  // The link is the first thing after the crumbs, visible, and reached with the keyboard.
  const link = page.getByTestId("skip-to-grid");
  await expect(link).toBeVisible();
  await expect(link).toHaveText("Skip to the grid");
  await expect(link).toBeInViewport();
  await sheet.tabTo(link, 20);
  await page.keyboard.press("Enter");

  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  await expect(first).toHaveAttribute("data-mode", "select");
  // The keys go on from there, as in the grid.
  await page.keyboard.press("ArrowDown");
  await expect(sheet.cell(2, "layer")).toBeFocused();
  expect(crashes).toEqual([]);
});

test("the skip link is in Japanese on the Japanese page and works by click", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: "ja-JP" });
  const page = await context.newPage();
  const sheet = await SheetPage.importText(page, "long", longSheet(700), 60_000);
  const link = page.getByTestId("skip-to-grid");
  await expect(link).toHaveText("行の表へ移動");
  await link.click();
  await expect(sheet.cell(1, "layer")).toBeFocused();
  await expect(sheet.cell(1, "layer")).toBeInViewport();
  await context.close();
});
