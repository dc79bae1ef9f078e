import { expect } from "@playwright/test";
import { expectTexts, SheetPage, test } from "./fixtures/workbench";

// golden.md G2: three tries on the external API invert the app node.
test("raising the external API's tries inverts the app within a second, and the edit survives a reload", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  await sheet.typeG2();

  const app = sheet.node("app");
  await expect(app.getByTestId("verdict")).toHaveText("inverted", { timeout: 1_000 });
  await expectTexts(app, {
    need: "15.5 s",
    slack: "-7.5 s",
    formula: "DB 3.0 + external API 12.0 + own 0.5 = 15.5 s > 8.0 s",
  });
  await expect(sheet.summary()).toHaveText("1 inversion, 0 warnings");

  await expectTexts(sheet.finding("inversion.node"), {
    severity: "error",
    message: "app's deadline (8.0 s) ends before its calls may (15.5 s)",
    numbers: "bound 8.0 s · need 15.5 s · short by 7.5 s · 1 try fits",
    fix: "Fix: reduce app -> external API to 1 try, or raise app's deadline to 15.5 s, LB -> app's read timeout to 16.5 s and browser -> LB's deadline to 18.5 s",
  });
  await expect(sheet.hop("app -> external API").getByTestId("worst")).toHaveText("12.0 s");
  // The rows the finding names are highlighted; the LB and browser checks still pass.
  await sheet.expectFlagged([4, 6, 7, 8], "error");
  await sheet.expectNotFlagged([5]);
  await expect(sheet.hop("LB -> app").getByTestId("verdict")).toHaveText("ok");
  await sheet.reloadOnceSaved();
  await expect(sheet.cell(7, "value")).toHaveValue("3s");
  await expect(sheet.cell(8, "value")).toHaveValue("3 tries, waits 0.5s, 1.0s");
  await expectTexts(app, { verdict: "inverted", need: "15.5 s" });
  expect(crashes).toEqual([]);
});

// A checked fix applies as an edit, and the sheet it leaves has no error.
test("applying G2's checked fixes removes the inversion, one try or the whole chain of raises", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  await sheet.typeG2();

  const inversion = sheet.finding("inversion.node");
  const apply = inversion.getByTestId("apply-fix");
  await expect(apply).toHaveText([
    "Apply: reduce app -> external API to 1 try",
    "Apply: raise app's deadline to 15.5 s, LB -> app's read timeout to 16.5 s and browser -> LB's deadline to 18.5 s",
  ]);
  await apply.nth(1).click();
  await expect(sheet.cell(4, "value")).toHaveValue("15.5s");
  await expect(sheet.cell(3, "value")).toHaveValue("16.5s");
  await expect(sheet.cell(1, "value")).toHaveValue("18.5s");
  await expect(inversion).toHaveCount(0);
  await expect(sheet.summary()).toHaveText("0 inversions, 0 warnings");
  await expect(sheet.saveStatus()).toHaveText("Saved");

  // A fix is one undo step: Ctrl+Z puts the three deadlines back, and G2's inversion with
  // them; Ctrl+Shift+Z applies it again.
  await sheet.cell(2, "value").click();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.cell(4, "value")).toHaveValue("8s");
  await expect(sheet.cell(3, "value")).toHaveValue("10s");
  await expect(sheet.cell(1, "value")).toHaveValue("12s");
  await expect(inversion).toHaveCount(1);
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect(sheet.cell(4, "value")).toHaveValue("15.5s");
  await expect(inversion).toHaveCount(0);
  // And undone again, which is G2 once more, saved.
  await page.keyboard.press("ControlOrMeta+z");
  await expect(inversion).toHaveCount(1);
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await expect(inversion.getByTestId("apply-fix").first()).toHaveText("Apply: reduce app -> external API to 1 try");
  await inversion.getByTestId("apply-fix").first().click();
  await expect(sheet.cell(8, "value")).toHaveValue("1 try");
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("ok");
  await sheet.reloadOnceSaved();
  await expect(sheet.cell(8, "value")).toHaveValue("1 try");
  expect(crashes).toEqual([]);
});
