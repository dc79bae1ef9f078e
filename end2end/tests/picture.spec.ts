import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// The picture never looks better than the numbers: a need that cannot be known is drawn as
// unknown, many bars are bounded to the most short first, and a phone reads its text.

/** Ten services behind one LB, each with a 10 s deadline and a statement timeout of 20 − N s:
 * s1 is short by 9.0 s, the most; LB -> sN waits 20 + N s, so LB -> s1 has the least slack. */
function tenServices(): string {
  let tsv = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";
  for (let i = 1; i <= 10; i++) {
    tsv +=
      `1\tLB -> s${i}\tread timeout\tproxy_read_timeout\t60s\t${20 + i}s\tnginx.conf\t\n` +
      `2\ts${i}\trequest deadline\tdeadline\tnone\t10s\tapp\t\n` +
      `3\ts${i} -> db\tstatement timeout\tstatement_timeout\t0\t${20 - i}s\trole\t\n`;
  }
  return tsv;
}

test("a need that cannot be read is drawn hatched and labelled, never as a short bar", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  const app = page.getByTestId("budget-picture").locator('g.bar[data-name="app"]');
  await expect(app).toHaveClass("bar");

  await sheet.type(7, "value", "fast");
  await expect(app).toHaveClass("bar bar-unknown");
  await expect(app).toHaveAttribute("data-need-ms", "");
  await expect(app.locator("text.caption")).toHaveText("deadline 8.0 s · need unknown: row 7 cannot be read");
  await expect(app.locator("g.unknown")).toHaveAttribute("data-rows", "7");
  await expect(app.locator("g.unknown > title")).toHaveText("unknown: row 7 cannot be read");
  await expect(app.locator("text.unknown-label")).toHaveText("unknown: row 7 cannot be read");
  await expect(app.locator("g.unknown rect").first()).toHaveAttribute("fill", "url(#budget-unknown)");
  // Hatched from the known parts (DB 3.0 s + own 0.5 s) to the end of the scale (12.0 s).
  const stripes = app.locator("g.unknown rect").first();
  expect(Number(await stripes.getAttribute("x"))).toBe(190 + 600 * (3.5 / 12));
  expect(Number(await stripes.getAttribute("x")) + Number(await stripes.getAttribute("width"))).toBe(790);
  await expect(page.locator("text.short-by")).toHaveCount(0);

  // Read again, the bar is the need it was.
  await sheet.type(7, "value", "1.5s");
  await expect(app).toHaveClass("bar");
  await expect(app.locator("text.caption")).toHaveText("deadline 8.0 s · need 7.8 s · slack 0.2 s");
  expect(crashes).toEqual([]);
});

test("the Japanese picture says 不明 and the row that cannot be read", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "ja");
  await sheet.type(7, "value", "速い");
  const app = page.getByTestId("budget-picture").locator('g.bar[data-name="アプリ"]');
  await expect(app).toHaveClass("bar bar-unknown");
  await expect(app.locator("text.caption")).toHaveText("期限 8.0秒 · 必要 不明：行 7 を読めません");
  expect(crashes).toEqual([]);
});

test("many bars are bounded to the most short first until Show all, and the picture folds", async ({ page, crashes }) => {
  await SheetPage.importText(page, "ten services", tenServices());
  const picture = page.getByTestId("budget-picture");
  const names = () => picture.locator("g.bar").evaluateAll((bars) => bars.map((b) => b.getAttribute("data-name")));
  expect(await names()).toEqual([
    "s1", "s2", "s3", "s4", "s5", "s6",
    "LB -> s1", "LB -> s2", "LB -> s3", "LB -> s4", "LB -> s5", "LB -> s6",
  ]);
  await expect(picture.locator("text.hidden-bars")).toHaveText(
    "12 bars drawn, those most short of their bounds first; 8 more are not drawn",
  );
  const box = await picture.boundingBox();
  expect(box!.height).toBeLessThan(760);

  const toggle = page.getByTestId("budget-show-all");
  await expect(toggle).toHaveText("Show all 20 bars");
  await toggle.click();
  await expect(picture.locator("g.bar")).toHaveCount(20);
  await expect(picture.locator("text.hidden-bars")).toHaveCount(0);
  await expect(toggle).toHaveText("Show only the 12 most short");
  await toggle.click();
  await expect(picture.locator("g.bar")).toHaveCount(12);

  // The heading folds the picture away, and opens it again.
  await page.locator(".budget-pane summary").click();
  await expect(picture).toBeHidden();
  await page.locator(".budget-pane summary").click();
  await expect(picture).toBeVisible();

  // The file is the whole picture.
  const svg = await (await page.request.get(page.url().replace(/\/sheets\/(\d+).*/, "/api/v1/sheets/$1/budget.svg"))).text();
  expect(svg.match(/<g class="bar/g)).toHaveLength(20);
  expect(crashes).toEqual([]);
});

test("at phone width the picture gives way to its text, one line per bar", async ({ page, crashes }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const sheet = await SheetPage.fromExample(page, "en");
  await sheet.typeG2();
  await expect(page.getByTestId("budget-picture")).toBeHidden();
  const text = page.getByTestId("budget-text");
  await expect(text).toBeVisible();
  await expect(text.locator("li")).toHaveText([
    "app deadline 8.0 s · need 15.5 s · short by 7.5 s",
    "browser -> LB wait 12.0 s · need 12.0 s · slack 0.0 s",
    "LB -> app wait 10.0 s · need 9.0 s · slack 1.0 s",
  ]);
  await expect(text.locator("li.inverted")).toHaveText(["app deadline 8.0 s · need 15.5 s · short by 7.5 s"]);
  const line = await text.locator("li").first().boundingBox();
  expect(line!.x + line!.width).toBeLessThanOrEqual(390);
  expect(crashes).toEqual([]);
});
