import { expect, test } from "@playwright/test";
import { fixture, SheetsPage } from "./fixtures/workbench";

test("a sheet is renamed from the list with the cursor in its name, then deleted after a confirmation", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const sheet = await sheets.createBlank("draft plan");
  const id = sheet.id();
  await sheets.open();
  const row = page.locator(`[data-testid=sheet-row][data-sheet-id="${id}"]`);
  await expect(row.getByTestId("sheet-link")).toHaveText("draft plan");

  // Rename: the input holds the name, has the cursor, and takes the new one.
  await row.getByTestId("rename-button").click();
  const input = row.getByTestId("rename-input");
  await expect(input).toBeFocused();
  await expect(input).toHaveValue("draft plan");
  await page.keyboard.type("payments timeouts");
  await page.keyboard.press("Enter");
  await expect(row.getByTestId("sheet-link")).toHaveText("payments timeouts");
  await page.reload();
  await sheets.hydrated();
  await expect(row.getByTestId("sheet-link")).toHaveText("payments timeouts");

  // Delete asks first; cancelling keeps the sheet, confirming removes it.
  await row.getByTestId("delete-button").click();
  await expect(row.getByTestId("delete-confirmation")).toBeVisible();
  await row.getByTestId("delete-cancel").click();
  await expect(row).toHaveCount(1);
  await row.getByTestId("delete-button").click();
  await row.getByTestId("delete-confirm").click();
  await expect(row).toHaveCount(0);
  const gone = await page.request.get(`/api/v1/sheets/${id}`);
  expect(gone.status()).toBe(404);
});

test("a sheet imported from a file is named after the file", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  await page.getByTestId("import-file").setInputFiles({
    name: "inverted-lb.tsv",
    mimeType: "text/tab-separated-values",
    buffer: fixture("inverted-lb.tsv"),
  });
  await expect(page.getByTestId("import-name")).toHaveValue("inverted-lb");
  await page.getByTestId("import-submit").click();
  await page.waitForURL(/\/sheets\/\d+$/);
  await expect(page.getByTestId("sheet-name")).toHaveText("inverted-lb");
});
