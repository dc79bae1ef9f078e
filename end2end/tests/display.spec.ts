import { expect } from "@playwright/test";
import { expectTexts, SheetPage, test } from "./fixtures/workbench";

// One number is written one way: the tables, a finding's numbers and its message say 0.25 s for
// 250 ms (the tables used to round it to 0.3 s), and a Japanese sheet writes 秒 and 行.
test("a margin of 1.25 s reads 0.25 s short in the hops table, the numbers and the message", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  // browser -> LB waits 12.0 s for the LB's 11.0 s + 1.25 s.
  await sheet.setSetting("margin", "1.25s");
  await expectTexts(sheet.hop("browser -> LB"), { slack: "-0.25 s", verdict: "inverted" });
  await expect(sheet.hop("LB -> app").getByTestId("slack")).toHaveText("0.75 s");
  const inversion = sheet.finding("inversion.hop");
  await sheet.expectFinding(inversion, {
    severity: "error",
    message: "browser waits 12.0 s for LB, which may take 11.0 s plus a 1.25 s margin",
    numbers: "bound 12.0 s · need 12.25 s · short by 0.25 s",
    // The LB's 10 s read has 0.75 s more than the app's 8 s and the margin need: lowered to
    // 9.25 s, the LB takes 10.25 s, and the browser's 12 s covers it with the margin.
    fix: "raise browser -> LB's deadline to 12.25 s, or lower LB -> app's read timeout to 9.25 s",
  });
  await expect(inversion.getByTestId("rows")).toHaveText("row 1");

  // Waits of 0.25 s: the app's need is 7.75 s, as its formula beside it says.
  await sheet.type(8, "value", "2 tries, waits 0.25s");
  const app = sheet.node("app");
  await expect(app.getByTestId("formula")).toHaveText("DB 3.0 + external API 4.25 + own 0.5 = 7.75 s ≤ 8.0 s");
  await expectTexts(app, { need: "7.75 s", slack: "0.25 s" });
  await expect(sheet.hop("app -> external API").getByTestId("worst")).toHaveText("4.25 s");
  await expect(sheet.saveStatus()).toHaveText("Saved");
  expect(crashes).toEqual([]);
});

test("a Japanese sheet's report is written in Japanese: 秒, 逆転, エラー and 行", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "ja");

  await sheet.setSetting("margin", "1.25s");
  await expectTexts(sheet.hop("ブラウザ → LB"), { slack: "-0.25秒", verdict: "逆転", worst: "12.0秒" });
  await expect(sheet.node("アプリ").getByTestId("verdict")).toHaveText("合格");
  // The severity's code stays English in `data-severity`; its word is Japanese.
  const inversion = sheet.finding("inversion.hop");
  await expect(inversion).toHaveAttribute("data-severity", "error");
  await expectTexts(inversion, {
    severity: "エラー",
    rows: "行 1",
    message: "ブラウザはLBを12.0秒しか待ちませんが、LBは最大11.0秒かかり、余裕1.25秒が必要です",
    numbers: "上限 12.0秒 · 必要 12.25秒 · 不足 0.25秒",
  });
  expect(crashes).toEqual([]);
});
