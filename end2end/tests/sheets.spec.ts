import { expect } from "@playwright/test";
import { fixture, SheetsPage, storeSheet, test } from "./fixtures/workbench";

test("a sheet is renamed from the list with the cursor in its name, then deleted after a confirmation", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const { id, row } = await sheets.createBlankListed("draft plan");
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

test("a name typed before a file is chosen stays; a name taken from a file follows the next file", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const file = (name: string, from = "inverted-lb.tsv") => ({
    name,
    mimeType: "text/tab-separated-values",
    buffer: fixture(from),
  });
  const name = page.getByTestId("import-name");
  await page.getByTestId("import-file").setInputFiles(file("inverted-lb.tsv"));
  await expect(name).toHaveValue("inverted-lb");
  await page.getByTestId("import-file").setInputFiles(file("edge.tsv"));
  await expect(name).toHaveValue("edge");
  await name.fill("checkout timeouts");
  await page.getByTestId("import-file").setInputFiles(file("gateway.tsv", "gateway-routes.tsv"));
  await expect(page.getByTestId("import-text")).toHaveValue(/\tgateway\trequest deadline\t/);
  await expect(name).toHaveValue("checkout timeouts");
});

// Two sheets of one name are told apart in the list: under each name, its number (the one in
// its address), its rows and its last change to the second; a sheet whose name is its own
// alone has no such line.
test("two sheets of the same name are told apart by their number, rows and last change", async ({ page }) => {
  const sheets = new SheetsPage(page);
  // Names of this run's own: the list may hold sheets of earlier runs.
  const name = `twin plan ${Date.now()}`;
  const single = `single plan ${Date.now()}`;
  await sheets.open();
  const blankId = (await sheets.createBlank(name)).id();
  const full = await storeSheet(page, name, fixture("reservation-en.tsv"));
  await storeSheet(page, single, fixture("reservation-en.tsv"));
  const listed: { id: number; name: string; rows: number; updated_at_ms: number }[] = await (
    await page.request.get("/api/v1/sheets")
  ).json();
  const exact = (id: number) => {
    const ms = listed.find((s) => s.id === id)!.updated_at_ms;
    return new Date(ms).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
  };

  await sheets.open();
  const row = (id: number) => sheets.sheetRow(id);
  await expect(row(blankId).getByTestId("sheet-same-name")).toHaveText(
    `another sheet has this name: this is sheet ${blankId}, 0 rows, last changed ${exact(blankId)}`,
  );
  await expect(row(full).getByTestId("sheet-same-name")).toHaveText(
    `another sheet has this name: this is sheet ${full}, 12 rows, last changed ${exact(full)}`,
  );
  await expect(row(full).getByTestId("sheet-rows")).toHaveText("12");
  await expect(row(blankId).getByTestId("sheet-rows")).toHaveText("0");
  // The line describes the link, for a screen reader reading the list of links.
  await expect(row(full).getByTestId("sheet-link")).toHaveAccessibleDescription(
    `another sheet has this name: this is sheet ${full}, 12 rows, last changed ${exact(full)}`,
  );
  const singleId = listed.find((s) => s.name === single)!.id;
  await expect(row(singleId).getByTestId("sheet-link")).toHaveText(single);
  await expect(row(singleId).getByTestId("sheet-same-name")).toHaveCount(0);

  // Renamed apart, neither has the line any more.
  await row(full).getByTestId("rename-button").click();
  await row(full).getByTestId("rename-input").fill(`${name} (copy)`);
  await page.keyboard.press("Enter");
  await expect(row(full).getByTestId("sheet-link")).toHaveText(`${name} (copy)`);
  await page.reload();
  await sheets.hydrated();
  await expect(row(full).getByTestId("sheet-same-name")).toHaveCount(0);
  await expect(row(blankId).getByTestId("sheet-same-name")).toHaveCount(0);

  // In Japanese.
  await row(full).getByTestId("rename-button").click();
  await row(full).getByTestId("rename-input").fill(name);
  await page.keyboard.press("Enter");
  await expect(row(full).getByTestId("sheet-link")).toHaveText(name);
  await page.getByTestId("ui-lang-ja").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await sheets.hydrated();
  const relisted: { id: number; updated_at_ms: number }[] = await (await page.request.get("/api/v1/sheets")).json();
  const d = new Date(relisted.find((s) => s.id === full)!.updated_at_ms);
  const two = (n: number) => String(n).padStart(2, "0");
  const ja = `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
  await expect(row(full).getByTestId("sheet-same-name")).toHaveText(
    `同じ名前のシートがあります。これはシート ${full}、12 行、最終変更 ${ja}`,
  );
});
