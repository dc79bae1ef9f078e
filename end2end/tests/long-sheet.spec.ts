import { expect } from "@playwright/test";
import { longSheet } from "./fixtures/long-sheet.cjs";
import { SheetPage, test } from "./fixtures/workbench";

// "Render only what needs rendering": on a long sheet a keystroke that adds two
// findings (the app turns inverted, and its third try's wait is assumed) inserts those two
// into the list and moves at most one other; before vendor/tachys's fix, every finding after
// the second insertion was moved in the DOM (166 here, 1,138 at 2,000 rows).
test("a keystroke that adds two findings to a long list moves no other finding", async ({ page, crashes }) => {
  const sheet = await SheetPage.importText(page, "long", longSheet(300));
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("ok");
  const before = await page.locator("ul.findings > li").count();

  // Count the list items put into the findings list from now on.
  await page.evaluate(() => {
    const w = window as unknown as { __moved: number };
    w.__moved = 0;
    const insert = Node.prototype.insertBefore;
    Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
      if (this instanceof HTMLElement && this.matches("ul.findings") && node instanceof HTMLLIElement) w.__moved++;
      return insert.call(this, node, child) as T;
    };
  });
  const tries = sheet.cell(8, "value");
  await tries.click();
  await page.keyboard.press("Home");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("3");
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("inverted");
  await expect(page.locator("ul.findings > li")).toHaveCount(before + 2);
  await expect(sheet.finding("inversion.node").filter({ hasText: "app's deadline (8.0 s)" })).toHaveCount(1);
  const moved = await page.evaluate(() => (window as unknown as { __moved: number }).__moved);
  expect(moved).toBe(3);
  expect(crashes).toEqual([]);
});
