import { expect, type Page } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

test("the sheet margin and amplification threshold change the report, and bad text is refused", async ({ page }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  const margin = page.getByTestId("setting-margin");
  const threshold = page.getByTestId("setting-threshold");
  await expect(margin).toHaveValue("1s");
  await expect(threshold).toHaveValue("3");

  // A margin of 1.5 s: the browser waits 12.0 s for the LB's 11.0 s + 1.5 s.
  await sheet.setSetting("margin", "1.5s");
  const browser = sheet.hop("browser -> LB");
  await expect(browser.getByTestId("verdict")).toHaveText("inverted");
  await expect(browser.getByTestId("slack")).toHaveText("-0.5 s");
  await expect(sheet.summary()).toHaveText("1 inversion, 0 warnings");
  await expect(sheet.hop("LB -> app").getByTestId("slack")).toHaveText("0.5 s");

  // A bare number has no unit to read it in: refused, the text stays, the report stays.
  await sheet.setSetting("margin", "2");
  await expect(page.getByTestId("setting-margin-error")).toHaveText(
    'Not saved: the margin "2" is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒',
  );
  await expect(margin).toHaveValue("2");
  await expect(browser.getByTestId("slack")).toHaveText("-0.5 s");

  // Each setting is saved on its own: a bad threshold is refused beside its input, and a good
  // one is saved while the margin is still unreadable.
  await sheet.setSetting("threshold", "0");
  await expect(page.getByTestId("setting-threshold-error")).toHaveText(
    'Not saved: the amplification threshold "0" is not a number of attempts: write a whole number of at least 1, e.g. 3',
  );
  await sheet.setSetting("threshold", "5");
  await expect(page.getByTestId("setting-threshold-error")).toHaveCount(0);
  await expect(page.getByTestId("setting-margin-error")).toHaveCount(1);

  // The margin fixed: saved, and both still there after a reload.
  await sheet.setSetting("margin", "0.5s");
  await expect(page.getByTestId("setting-margin-error")).toHaveCount(0);
  await expect(browser.getByTestId("verdict")).toHaveText("ok");
  await expect(browser.getByTestId("slack")).toHaveText("0.5 s");
  await sheet.reload();
  await expect(page.getByTestId("setting-margin")).toHaveValue("500ms");
  await expect(page.getByTestId("setting-threshold")).toHaveValue("5");
  await expect(sheet.hop("browser -> LB").getByTestId("slack")).toHaveText("0.5 s");
});

test("a threshold of 1 turns the example's two tries into a retry.amplification warning", async ({ page }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  await sheet.setSetting("threshold", "1");
  await sheet.expectFinding(sheet.finding("retry.amplification"), {
    severity: "warning",
    message: "external API may receive 2 attempts for one request, more than the sheet's threshold of 1",
  });
  await sheet.expectFlagged([8], "warning");
});

/** Opens a new example sheet in `lang`, sets its margin to `margin` and waits for `hop`'s
 *  verdict to read `verdict`; answers the sheet and its id. */
async function exampleWithMargin(
  page: Page,
  lang: "en" | "ja",
  margin: string,
  hop: string,
  verdict: string,
): Promise<{ sheet: SheetPage; id: string }> {
  const sheet = await SheetPage.fromExample(page, lang);
  await sheet.setSetting("margin", margin);
  await expect(sheet.hop(hop).getByTestId("verdict")).toHaveText(verdict);
  return { sheet, id: new URL(page.url()).pathname.split("/")[2] };
}

// A review of a margin change names the margin and traces what it moved, in the sheet's
// language; the rows' lines are not blamed for it.
test("the diff of a margin change names the margin and the hop it inverts", async ({ page }) => {
  const { id } = await exampleWithMargin(page, "en", "1.5s", "browser -> LB", "inverted");

  await page.goto(`/sheets/${id}/diff`);
  await expect(page.getByTestId("diff-headline")).toHaveText(
    "errors 0 → 1, warnings 0 → 0; browser -> LB: ok → inverted, short by 0.5 s (margin 1.0 s → 1.5 s, no cell changed)",
  );
  await expect(page.getByTestId("setting-change")).toHaveText(["margin 1.0 s → 1.5 s"]);
  await expect(page.getByTestId("trace")).toHaveText([
    "margin 1.0 s → 1.5 s; browser -> LB: need 12.0 s → 12.5 s against its 12.0 s wait: now inverted, short by 0.5 s; LB -> app: need 9.0 s → 9.5 s against its 10.0 s wait: still ok, slack 1.0 s → 0.5 s",
  ]);
  await expect(page.getByTestId("trace-empty")).toHaveCount(0);
});

test("a Japanese sheet's margin change is reviewed in Japanese", async ({ page }) => {
  const { id } = await exampleWithMargin(page, "ja", "1.5秒", "ブラウザ → LB", "逆転");

  await page.goto(`/sheets/${id}/diff`);
  await expect(page.getByTestId("setting-change")).toHaveText(["マージン 1.0秒 → 1.5秒"]);
  await expect(page.getByTestId("trace")).toHaveText([
    "マージン 1.0秒 → 1.5秒；ブラウザ → LB：必要時間 12.0秒 → 12.5秒（待ち時間 12.0秒）：逆転に変わりました、0.5秒不足；LB → アプリ：必要時間 9.0秒 → 9.5秒（待ち時間 10.0秒）：引き続き合格、余裕 1.0秒 → 0.5秒",
  ]);
});

// The history compares any two revisions; across a margin change and a cell change, the
// review traces each cause on its own line.
test("the history compares the first revision with the latest, each cause on its own line", async ({ page }) => {
  const { sheet, id } = await exampleWithMargin(page, "en", "1.5s", "browser -> LB", "inverted");
  await sheet.typeG2();
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("inverted");
  await expect(sheet.saveStatus()).toHaveText("Saved");

  await page.goto(`/sheets/${id}/history`);
  const latest = await page.getByTestId("revision").first().getAttribute("data-number");
  await expect(page.getByTestId("compare-from")).toHaveValue("1");
  await expect(page.getByTestId("compare-to")).toHaveValue(latest!);
  await page.getByTestId("compare-submit").click();
  await page.waitForURL(new RegExp(`/sheets/${id}/diff\\?from=1&to=${latest}$`));
  await expect(page.getByTestId("setting-change")).toHaveText(["margin 1.0 s → 1.5 s"]);
  await expect(page.getByTestId("trace")).toHaveText([
    /^margin 1\.0 s → 1\.5 s; browser -> LB: need 12\.0 s → 12\.5 s against its 12\.0 s wait: now inverted/,
    "app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst 4.3 s → 12.0 s; app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by 7.5 s, 1 try fits; LB -> app and browser -> LB unchanged (they wait on app's 8.0 s deadline, not on its need)",
  ]);
});

test("an empty margin is refused beside its input, and the same margin typed again adds no revision", async ({ page }) => {
  const { sheet, id } = await exampleWithMargin(page, "en", "1.5s", "browser -> LB", "inverted");
  await sheet.setSetting("margin", "");
  await expect(page.getByTestId("setting-margin-error")).toHaveText(
    'Not saved: the margin "" is not a duration: write it with a unit, e.g. 1s, 500ms or 1.5秒',
  );
  await sheet.setSetting("margin", "1500ms");
  await expect(page.getByTestId("setting-margin-error")).toHaveCount(0);
  const revisions: { kind: string }[] = await (await page.request.get(`/api/v1/sheets/${id}/revisions`)).json();
  expect(revisions.map((r) => r.kind)).toEqual(["settings", "create"]);
});
