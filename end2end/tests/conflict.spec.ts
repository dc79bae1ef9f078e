import { expect, test } from "@playwright/test";
import { SheetPage, watchForCrashes } from "./fixtures/workbench";

/** The value cells of rows 6 to 8 (the external API's connect and read timeouts and tries), as
 * stored, read through the JSON API. */
async function storedValues(sheet: SheetPage): Promise<string[]> {
  const response = await sheet.page.request.get(`/api/v1/sheets/${sheet.id()}`);
  expect(response.status()).toBe(200);
  const body = await response.json();
  return body.rows.slice(5, 8).map((row: { value: string }) => row.value);
}

test("a save from a tab that missed another tab's save is refused, keeps its text, and the user chooses", async ({ page }) => {
  const crashes = watchForCrashes(page);
  // Two tabs on the English example.
  const a = await SheetPage.importFixture(page, "reservation-en.tsv");
  const pageB = await page.context().newPage();
  const b = new SheetPage(pageB);
  await pageB.goto(page.url());
  await b.hydrated();

  // Tab A saves the external API's read timeout.
  await a.type(7, "value", "3s");
  await expect(a.saveStatus()).toHaveText("Saved");

  // Tab B, still on the rows it loaded, edits the external API's connect timeout: refused.
  await b.type(6, "value", "0.7s");
  await expect(b.saveStatus()).toHaveText("Not saved: changed elsewhere");
  await expect(pageB.getByTestId("conflict")).toContainText(
    "This sheet was saved in another tab or by someone else after this page loaded it. Your edits are still here and are not saved.",
  );
  await expect(b.cell(6, "value")).toHaveValue("0.7s");
  // Further edits wait for the choice: nothing reaches the server.
  await b.type(6, "value", "0.8s");
  await expect(b.saveStatus()).toHaveText("Not saved: changed elsewhere");
  expect(await storedValues(a)).toEqual(["0.5s", "3s", "2 tries, waits 0.3s"]);

  // B loads the saved version: A's read timeout, B's edit gone.
  await pageB.getByTestId("load-saved").click();
  await expect(b.cell(7, "value")).toHaveValue("3s");
  await expect(b.cell(6, "value")).toHaveValue("0.5s");
  await expect(b.saveStatus()).toHaveText("Saved");
  await expect(pageB.getByTestId("conflict")).toHaveCount(0);

  // Now B saves, and A is the stale tab; A keeps its own rows.
  await b.type(6, "value", "0.6s");
  await expect(b.saveStatus()).toHaveText("Saved");
  await a.type(8, "value", "1 try");
  await expect(a.saveStatus()).toHaveText("Not saved: changed elsewhere");
  await page.getByTestId("keep-mine").click();
  await expect(a.saveStatus()).toHaveText("Saved");
  await expect(page.getByTestId("conflict")).toHaveCount(0);
  expect(await storedValues(a)).toEqual(["0.5s", "3s", "1 try"]);
  // The report follows the rows saved: the DB's 3.0 + (0.5 + 3.0) × 1 try + the app's own 0.5.
  await expect(a.node("app").getByTestId("need")).toHaveText("7.0 s");
  // The refused saves are the browser's only complaints (it logs every 409 response).
  expect(crashes.filter((error) => !error.includes("status of 409 (Conflict)"))).toEqual([]);
  expect(crashes.length).toBeGreaterThan(0);
});

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
