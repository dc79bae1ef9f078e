import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// The budget, drawn. Golden G1: the app's bar is its 8.0 s deadline holding a
// 7.8 s need of DB 3.0 + the external API's two 2.0 s tries and 0.3 s wait + own 0.5. G2
// (read 3 s, 3 tries, waits 0.5 s and 1.0 s): the need is 15.5 s and overflows, short by 7.5 s.
test("the budget picture draws G1, follows the edit to G2, and lights a part's rows", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  // The server's HTML already has the picture.
  const html = await (await page.request.get(`/sheets/${sheet.id()}`)).text();
  expect(html).toContain('data-name="app" data-bound-ms="8000" data-need-ms="7800" data-verdict="ok"');

  const picture = page.getByTestId("budget-picture");
  const app = picture.locator('g.bar[data-name="app"]');
  const lengths = () => app.locator("g.part").evaluateAll((parts) => parts.map((p) => Number(p.getAttribute("data-ms"))));
  await expect(app).toHaveAttribute("data-bound-ms", "8000");
  expect(await lengths()).toEqual([3000, 2000, 300, 2000, 500]);
  await expect(app.locator("text.caption")).toHaveText("deadline 8.0 s · need 7.8 s · slack 0.2 s");
  // The bar's width is the deadline's share of the scale (600 px for the longest, 12.0 s).
  expect(Number(await app.locator("rect.bound").getAttribute("width"))).toBe(400);

  await sheet.typeG2();
  await expect(app).toHaveAttribute("data-need-ms", "15500");
  await expect(app).toHaveClass("bar bar-inverted");
  expect(await lengths()).toEqual([3000, 3500, 500, 3500, 1000, 3500, 500]);
  await expect(app.locator("text.short-by")).toHaveText("short by 7.5 s");
  await expect(app.locator("text.caption")).toHaveText("deadline 8.0 s · need 15.5 s · short by 7.5 s");

  // A part's formula is its title; pointing at it lights its rows, leaving clears them.
  const secondTry = app.locator("g.part").nth(3);
  await expect(secondTry.locator("title")).toHaveText(
    "external API, try 2 of 3: connect 0.5 + read 3.0 = 3.5 s (rows 6–8)",
  );
  await secondTry.hover();
  await expect.poll(() => sheet.tracedRows()).toEqual([6, 7, 8]);
  await page.mouse.move(0, 0);
  await expect.poll(() => sheet.tracedRows()).toEqual([]);
  // Clicking it selects its rows and takes the focus to the first.
  await secondTry.click();
  await expect(sheet.cell(6, "layer")).toBeFocused();
  await expect(page.locator("table.grid td.selected")).toHaveCount(24);
  await expect(sheet.row(7).locator("td.selected")).toHaveCount(8);
  await expect(sheet.row(9).locator("td.selected")).toHaveCount(0);

  // The same picture as a file.
  await expect(sheet.saveStatus()).toHaveText("Saved");
  const svg = await page.request.get(`/api/v1/sheets/${sheet.id()}/budget.svg`);
  expect(svg.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  expect(await svg.text()).toContain(">short by 7.5 s</text>");
  expect(crashes).toEqual([]);
});
