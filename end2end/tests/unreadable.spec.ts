import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

test("a value that cannot be read is a finding on its row, and nothing crashes", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  await sheet.type(7, "value", "ten seconds");
  const finding = sheet.finding("value.unreadable");
  await expect(finding.getByTestId("message")).toHaveText('row 7: "ten seconds" cannot be read as a duration');
  await expect(finding.getByTestId("severity")).toHaveText("warning");
  await expect(sheet.row(7)).toHaveAttribute("data-flag", "warning");
  await expect(sheet.row(7).getByTestId("derived-note")).toHaveText(
    'Python requests: timeout (read); row 7: "ten seconds" cannot be read as a duration',
  );
  await expect(sheet.row(7).getByTestId("derived-parsed")).toHaveText("?");
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("unknown");
  await expect(sheet.summary()).toHaveText("0 inversions, 1 warning");
  await expect(sheet.saveStatus()).toHaveText("Saved");

  // The text stays as typed, and the page keeps working.
  await sheet.reload();
  await expect(sheet.cell(7, "value")).toHaveValue("ten seconds");
  await sheet.type(7, "value", "1.5s");
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("ok");
  await expect(sheet.finding("value.unreadable")).toHaveCount(0);
  expect(crashes).toEqual([]);
});
