import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

/** The value cells of rows 6 to 8 (the external API's connect and read timeouts and tries), as
 * stored, read through the JSON API. */
async function storedValues(sheet: SheetPage): Promise<string[]> {
  const response = await sheet.page.request.get(`/api/v1/sheets/${sheet.id()}`);
  expect(response.status()).toBe(200);
  const body = await response.json();
  return body.rows.slice(5, 8).map((row: { value: string }) => row.value);
}

test("leaving the page with an edit not yet saved asks first, and the edit is saved", async ({ page }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.type());
    await dialog.dismiss(); // stay on the page
  });

  // Leave at once, well within the 300 ms before the save would start.
  await sheet.type(6, "value", "0.9s");
  await page.close({ runBeforeUnload: true });

  await expect.poll(() => dialogs).toEqual(["beforeunload"]);
  await expect(sheet.saveStatus()).toHaveText("Saved");
  expect((await storedValues(sheet))[0]).toBe("0.9s");
});
