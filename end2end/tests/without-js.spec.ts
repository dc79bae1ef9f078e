import { expect, type Page } from "@playwright/test";
import { SheetsPage, storeSheet, test } from "./fixtures/workbench";

// The sheet list's writes are forms of their server functions: without JavaScript (or before
// the page has hydrated) the browser posts them, and the server redirects back.

async function noJsPage(browser: import("@playwright/test").Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

function idOf(page: Page): number {
  return Number(new URL(page.url()).pathname.split("/").pop());
}

test("without JavaScript a blank sheet and the example are created by form posts", async ({ browser }) => {
  const page = await noJsPage(browser);
  await page.goto("/");
  await page.getByTestId("new-sheet-name").fill("  no-js plan  ");
  await page.getByTestId("new-sheet-lang").selectOption("ja");
  await page.getByTestId("new-sheet-create").click();
  await page.waitForURL(/\/sheets\/\d+$/);
  await expect(page.getByTestId("sheet-name")).toHaveText("no-js plan");
  const created = await (await page.request.get(`/api/v1/sheets/${idOf(page)}`)).json();
  expect([created.name, created.lang, created.rows.length]).toEqual(["no-js plan", "ja", 0]);

  await page.goto("/");
  await page.getByTestId("example-en").click();
  await page.waitForURL(/\/sheets\/\d+$/);
  await expect(page.getByTestId("sheet-name")).toHaveText("Reservation system (example)");
  await expect(page.getByTestId("node-app").getByTestId("need")).toHaveText("7.8 s");

  // A name that is only spaces passes the browser's `required` and is refused by the
  // server, which sends the page back with the reason under the form and the name as typed
  // in the field.
  await page.goto("/");
  await page.getByTestId("new-sheet-name").fill("   ");
  await page.getByTestId("new-sheet-create").click();
  await expect(page.getByTestId("new-sheet-error")).toHaveText(
    'a sheet name needs 1 to 200 characters after trimming; "   " has 0',
  );
  await expect(page.getByTestId("new-sheet-name")).toHaveValue("   ");
  await page.context().close();
});

test("without JavaScript a sheet is renamed and deleted by links and form posts", async ({ browser }) => {
  const page = await noJsPage(browser);
  const id = await storeSheet(page, "draft plan", "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n");
  await page.goto("/");
  const row = new SheetsPage(page).sheetRow(id);
  await expect(row.getByTestId("sheet-link")).toHaveText("draft plan");

  // Rename: the link opens the form in the list's address, with the name in it.
  await row.getByTestId("rename-button").click();
  await page.waitForURL(`/?rename=${id}`);
  await expect(row.getByTestId("rename-input")).toHaveValue("draft plan");
  await expect(row.getByTestId("rename-input")).toBeFocused();
  await row.getByTestId("rename-input").fill("payments timeouts");
  await row.getByTestId("rename-save").click();
  await page.waitForURL("/");
  await expect(row.getByTestId("sheet-link")).toHaveText("payments timeouts");

  // A refused name comes back to the open form with the reason; Cancel closes it.
  await row.getByTestId("rename-button").click();
  await row.getByTestId("rename-input").fill("evil\u202Egpj.exe");
  await row.getByTestId("rename-save").click();
  await expect(row.getByTestId("sheet-row-error")).toHaveText(
    'a sheet name cannot hold bidirectional text controls: "evil\\u{202e}gpj.exe" has U+202E at character 5; remove it',
  );
  await expect(row.getByTestId("rename-input")).toBeVisible();
  await row.getByTestId("rename-cancel").click();
  await page.waitForURL("/");
  await expect(row.getByTestId("sheet-link")).toHaveText("payments timeouts");
  await expect(row.getByTestId("sheet-row-error")).toHaveCount(0);

  // Delete asks first; cancelling keeps the sheet, confirming removes it.
  await row.getByTestId("delete-button").click();
  await page.waitForURL(`/?delete=${id}`);
  await expect(row.getByTestId("delete-confirmation")).toContainText(
    "Delete “payments timeouts”? This cannot be undone.",
  );
  await row.getByTestId("delete-cancel").click();
  await expect(row.getByTestId("sheet-link")).toHaveText("payments timeouts");
  await row.getByTestId("delete-button").click();
  await row.getByTestId("delete-confirm").click();
  await page.waitForURL("/");
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/v1/sheets/${id}`)).status()).toBe(404);
  await page.context().close();
});
