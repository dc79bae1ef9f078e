import { expect, type Locator } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// On a phone (390 px wide) the nodes and hops tables are cards: each row's verdict is in
// view without scrolling sideways, and each number is shown under its column's name.

test.use({ viewport: { width: 390, height: 844 } });

/** Scrolls the page (not the table's frame) down to `table`, as a reader would. */
async function scrollTo(table: Locator): Promise<void> {
  await table.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 20));
}

test("at 390 px every node's and hop's verdict of the inverted example is in view", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  // G2: the external API's read timeout 3 s and 3 tries turn the app inverted.
  await sheet.typeG2();
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("inverted");

  const expected: Record<string, [string, string][]> = {
    "table.nodes": [
      ["node-browser", "unchecked"],
      ["node-LB", "unchecked"],
      ["node-app", "inverted"],
      ["node-external API", "unchecked"],
      ["node-DB", "unchecked"],
    ],
    "table.hops": [
      ["hop-browser -> LB", "ok"],
      ["hop-LB -> app", "ok"],
      ["hop-app -> external API", "unchecked"],
      ["hop-app -> DB", "unchecked"],
    ],
  };
  for (const [selector, rows] of Object.entries(expected)) {
    const table = page.locator(selector);
    await scrollTo(table);
    await expect(table.locator("tbody tr")).toHaveCount(rows.length);
    for (const [testid, verdict] of rows) {
      const cell = table.getByTestId(testid).getByTestId("verdict");
      await expect(cell).toHaveText(verdict);
      await cell.evaluate((element) => element.scrollIntoView({ block: "center", inline: "nearest" }));
      const box = await cell.boundingBox();
      expect(box, `${testid}'s verdict is drawn`).not.toBeNull();
      expect(box!.x, `${testid}'s verdict starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${testid}'s verdict ends within 390 px`).toBeLessThanOrEqual(390);
    }
    // Nothing was scrolled sideways to get there: neither the table's frame nor the page.
    expect(await table.evaluate((element) => element.closest(".table-wrap")!.scrollLeft)).toBe(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  }
  // Each number is shown under its column's name.
  const need = sheet.node("app").getByTestId("need");
  await expect(need).toHaveAttribute("data-label", "Need");
  await expect(need).toHaveText("15.5 s");
  expect(await need.evaluate((element) => getComputedStyle(element, "::before").content)).toBe('"Need"');
  expect(crashes).toEqual([]);
});
