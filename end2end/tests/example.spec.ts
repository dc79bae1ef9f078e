import { expect } from "@playwright/test";
import { expectTexts, fixture, SheetPage, storeSheet, test } from "./fixtures/workbench";

// golden.md G1: the reservation sheet, in English and in Japanese.
test("the example sheet shows the app's need of 7.8 s within its 8.0 s deadline", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  await expect(sheet.summary()).toHaveText("0 inversions, 0 warnings");
  const app = sheet.node("app");
  await expectTexts(app, { need: "7.8 s", deadline: "8.0 s", slack: "0.2 s", verdict: "ok" });
  await expect(app.getByTestId("formula")).toHaveText("DB 3.0 + external API 4.3 + own 0.5 = 7.8 s ≤ 8.0 s");

  await expect(sheet.hop("app -> external API").getByTestId("worst")).toHaveText("4.3 s");
  await expectTexts(sheet.hop("LB -> app"), { slack: "1.0 s", verdict: "ok" });
  await expect(sheet.node("LB").getByTestId("need")).toHaveText("11.0 s");

  // The one finding: slack.none on browser -> LB, an info.
  await expect(page.locator("[data-testid^=finding-]")).toHaveCount(1);
  await expect(sheet.finding("slack.none").getByTestId("severity")).toHaveText("info");
  await expect(page.getByTestId("page-error")).toHaveCount(0);

  // The derived columns: kind and parsed value beside the typed text.
  await expect(sheet.row(4).getByTestId("derived-kind")).toHaveText("deadline");
  await expect(sheet.row(8).getByTestId("derived-parsed")).toHaveText("2 tries, waits 0.3 s");
  expect(crashes).toEqual([]);
});

test("the Japanese example shows the same numbers with Japanese messages", async ({ page }) => {
  const sheet = await SheetPage.fromExample(page, "ja");

  await expect(sheet.summary()).toHaveText("逆転 0件、警告 0件");
  // The report is written in the sheet's language, as the command line writes it.
  const app = sheet.node("アプリ");
  await expectTexts(app, { need: "7.8秒", deadline: "8.0秒", verdict: "合格" });
  await expect(sheet.finding("slack.none").getByTestId("severity")).toHaveText("情報");
  await expect(sheet.finding("slack.none")).toHaveAttribute("data-severity", "info");
  await expect(sheet.finding("slack.none").getByTestId("message")).toHaveText(
    "ブラウザ → LB：余裕ちょうどで通っています（期限 12.0 ≥ 11.0 + 1.0）",
  );
  // The derived value is written as the report writes durations, in Japanese.
  await expect(sheet.row(8).getByTestId("derived-parsed")).toHaveText("2回、待機0.3秒");
  // The kind is named in the sheet's language too; the code stays in `data-kind`.
  await expect(sheet.row(4).getByTestId("derived-kind")).toHaveText("期限");
  await expect(sheet.row(4).getByTestId("derived-kind")).toHaveAttribute("data-kind", "deadline");
  await expect(sheet.row(8).getByTestId("derived-kind")).toHaveText("試行");
  // Formulas name their terms and write 秒 and Japanese words, as the tables beside them do.
  await expect(app.getByTestId("formula")).toHaveText("DB 3.0 + 外部API 4.3 + 自分の処理 0.5 = 7.8秒 ≤ 8.0秒");
  await expect(sheet.hop("LB → アプリ").getByTestId("formula")).toHaveText("1 + 10 = 11.0秒; 読み取り 10.0 ≥ 8.0 + 1.0");
});

test("the page is readable without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const id = await storeSheet(page, "no-js", fixture("reservation-en.tsv"));
  await page.goto(`/sheets/${id}`);
  await expect(page.getByTestId("node-app").getByTestId("need")).toHaveText("7.8 s");
  await expect(page.getByTestId("row-6").getByTestId("cell-value")).toHaveValue("0.5s");
  // Without the script nothing typed could be saved: the cells say so by being read-only.
  await expect(page.getByTestId("row-6").getByTestId("cell-value")).not.toBeEditable();
  await context.close();
});

// golden.md G2 with its headers switched to Japanese: the server writes the report again in
// Japanese from the facts of the check it kept, and the page shows every word of it so.
test("switching G2's headers to Japanese writes its report in Japanese", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  await sheet.typeG2();
  const app = sheet.node("app");
  await expect(app.getByTestId("need")).toHaveText("15.5 s");
  const inversion = sheet.finding("inversion.node");
  await expect(inversion.getByTestId("message")).toHaveText(
    "app's deadline (8.0 s) ends before its calls may (15.5 s)",
  );
  await expect(sheet.saveStatus()).toHaveText("Saved");

  await page.getByTestId("sheet-lang").selectOption("ja");
  await expect(sheet.summary()).toHaveText("逆転 1件、警告 0件");
  await expect(app.getByTestId("need")).toHaveText("15.5秒");
  await expect(inversion.getByTestId("message")).toHaveText(
    "appの期限（8.0秒）が、呼び出しの最悪時間（15.5秒）より先に切れます",
  );
  // "Fix:" is the page's own word, in the page's language (English here).
  await expect(inversion.getByTestId("fix")).toHaveText(
    "Fix: app -> external API を1回の試行に減らしてください。または、appの期限を15.5秒に、LB -> app の読み取りタイムアウトを16.5秒に、browser -> LB の全体期限を18.5秒に上げてください",
  );
  await expect(app.getByTestId("formula")).toHaveText(
    "DB 3.0 + external API 12.0 + 自分の処理 0.5 = 15.5秒 > 8.0秒",
  );
  await expect(sheet.row(8).getByTestId("derived-parsed")).toHaveText("3回、待機0.5秒、1.0秒");
  // Stored, the sheet's language is Japanese: a reload shows the same words.
  await sheet.reload();
  await expect(inversion.getByTestId("message")).toHaveText(
    "appの期限（8.0秒）が、呼び出しの最悪時間（15.5秒）より先に切れます",
  );
  expect(crashes).toEqual([]);
});
