import { expect, test } from "@playwright/test";
import { SheetPage, SheetsPage } from "./fixtures/workbench";

test("the sheet margin and amplification threshold change the report, and bad text is refused", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const sheet = await sheets.createExample("en");
  const margin = page.getByTestId("setting-margin");
  const threshold = page.getByTestId("setting-threshold");
  await expect(margin).toHaveValue("1s");
  await expect(threshold).toHaveValue("3");

  // A margin of 1.5 s: the browser waits 12.0 s for the LB's 11.0 s + 1.5 s.
  await margin.fill("1.5s");
  await margin.press("Enter");
  const browser = sheet.hop("browser -> LB");
  await expect(browser.getByTestId("verdict")).toHaveText("inverted");
  await expect(browser.getByTestId("slack")).toHaveText("-0.5 s");
  await expect(sheet.summary()).toHaveText("1 inversion, 0 warnings");
  await expect(sheet.hop("LB -> app").getByTestId("slack")).toHaveText("0.5 s");

  // A bare number has no unit to read it in: refused, the text stays, the report stays.
  await margin.fill("2");
  await margin.press("Enter");
  await expect(page.getByTestId("setting-margin-error")).toHaveText(
    'Not saved: the margin "2" is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒',
  );
  await expect(margin).toHaveValue("2");
  await expect(browser.getByTestId("slack")).toHaveText("-0.5 s");

  // Each setting is saved on its own: a bad threshold is refused beside its input, and a good
  // one is saved while the margin is still unreadable.
  await threshold.fill("0");
  await threshold.press("Enter");
  await expect(page.getByTestId("setting-threshold-error")).toHaveText(
    'Not saved: the amplification threshold "0" is not a number of attempts: write a whole number of at least 1, e.g. 3',
  );
  await threshold.fill("5");
  await threshold.press("Enter");
  await expect(page.getByTestId("setting-threshold-error")).toHaveCount(0);
  await expect(page.getByTestId("setting-margin-error")).toHaveCount(1);

  // The margin fixed: saved, and both still there after a reload.
  await margin.fill("0.5s");
  await margin.press("Enter");
  await expect(page.getByTestId("setting-margin-error")).toHaveCount(0);
  await expect(browser.getByTestId("verdict")).toHaveText("ok");
  await expect(browser.getByTestId("slack")).toHaveText("0.5 s");
  await page.reload();
  await new SheetPage(page).hydrated();
  await expect(page.getByTestId("setting-margin")).toHaveValue("500ms");
  await expect(page.getByTestId("setting-threshold")).toHaveValue("5");
  await expect(sheet.hop("browser -> LB").getByTestId("slack")).toHaveText("0.5 s");
});

test("a threshold of 1 turns the example's two tries into a retry.amplification warning", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const sheet = await sheets.createExample("en");
  const threshold = page.getByTestId("setting-threshold");
  await threshold.fill("1");
  await threshold.press("Enter");
  await sheet.expectFinding(sheet.finding("retry.amplification"), {
    severity: "warning",
    message: "external API may receive 2 attempts for one request, more than the sheet's threshold of 1",
  });
  await sheet.expectFlagged([8], "warning");
});
