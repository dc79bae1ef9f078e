import { Browser, expect, Page } from "@playwright/test";
import { expectEditReaches, paste, SheetPage, test } from "./fixtures/workbench";

const G2_TRACE =
  "app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst 4.3 s → 12.0 s; " +
  "app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by 7.5 s, 1 try fits; " +
  "LB -> app and browser -> LB unchanged (they wait on app's 8.0 s deadline, not on its need)";

/** The value cells of the sheet as stored, read through the JSON API. */
async function storedValues(sheet: SheetPage): Promise<string[]> {
  const response = await sheet.page.request.get(`/api/v1/sheets/${sheet.id()}`);
  expect(response.status()).toBe(200);
  return (await response.json()).rows.map((row: { value: string }) => row.value);
}

/** A second person named `name` on the sheet at `url`, in a browser context of their own
 * (`live: false`: their page misses the live updates). */
async function another(browser: Browser, url: string, name: string, opts: { live?: boolean } = {}): Promise<SheetPage> {
  const sheet = await SheetPage.openAsAnother(browser, url, opts);
  await sheet.setAuthor(name);
  return sheet;
}

/** Row 7's value after `sheet` takes the other side of its conflict there: `value`, on its
 * page and in the sheet as `reader` reads it. */
async function takeTheirs(sheet: SheetPage, value: string, reader: SheetPage): Promise<void> {
  await sheet.page.getByTestId("take-theirs").click();
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await expect(sheet.cell(7, "value")).toHaveValue(value);
  expect((await storedValues(reader))[6]).toBe(value);
}

/** The reservation sheet imported by a person named `first`, and the page of a second one
 * named `second` on it ({@link another}). */
async function twoOnOneSheet(
  page: Page,
  browser: Browser,
  first: string,
  second: string,
  opts: { live?: boolean } = {},
): Promise<[SheetPage, SheetPage]> {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  await sheet.setAuthor(first);
  return [sheet, await another(browser, page.url(), second, opts)];
}

test("two people on one sheet see each other's edits live, both land, and a conflict shows both values", async ({ page, crashes, browser }) => {
  const [a, b] = await twoOnOneSheet(page, browser, "alice", "bob");
  await expect(a.page.getByTestId("viewers")).toHaveText("2 people are viewing this sheet");
  await expect(b.page.getByTestId("viewers")).toHaveText("2 people are viewing this sheet");

  // Alice raises the external API's read timeout: Bob sees it without reloading.
  await expectEditReaches(a, b, 7, "value", "3s");
  // Bob raises its tries: together they are G2, and both reports say the app is inverted.
  await expectEditReaches(b, a, 8, "value", "3 tries, waits 0.5s, 1.0s");
  for (const sheet of [a, b]) {
    await expect(sheet.node("app").getByTestId("need")).toHaveText("15.5 s");
    await expect(sheet.summary()).toContainText("1 inversion");
  }

  // Both edit different cells at once: both land, on both pages.
  await Promise.all([a.type(6, "value", "0.6s"), b.type(3, "value", "11s")]);
  await expect(a.saveStatus()).toHaveText("Saved");
  await expect(b.saveStatus()).toHaveText("Saved");
  await expect.poll(async () => (await storedValues(a)).slice(0, 8)).toEqual([
    "12s", "1s", "11s", "8s", "0.5s", "0.6s", "3s", "3 tries, waits 0.5s, 1.0s",
  ]);
  await expect(a.cell(3, "value")).toHaveValue("11s");
  await expect(b.cell(6, "value")).toHaveValue("0.6s");

  // Carol's page misses the live updates; she changes the read timeout Alice changes too.
  const c = await another(browser, page.url(), "carol", { live: false });
  await a.typeSaved(7, "value", "4s");
  // Alice leaves the cell (a cell still being typed in keeps her text: the next test).
  await a.cell(7, "value").press("Tab");
  await c.type(7, "value", "5s");
  await c.type(12, "rationale", "carol's note");
  await expect(c.saveStatus()).toHaveText("Not saved: 1 cell changed elsewhere");
  await expect(c.page.getByTestId("conflict-text")).toHaveText("Row 7, value: yours “5s”, theirs “4s” (it was “3s”).");
  // Her text is kept, her other edit is saved, and Alice's value stands until she chooses.
  await expect(c.cell(7, "value")).toHaveValue("5s");
  await expect.poll(async () => (await storedValues(a))[6]).toBe("4s");
  const note = await a.page.request.get(`/api/v1/sheets/${a.id()}`);
  expect((await note.json()).rows[11].rationale).toBe("carol's note");
  await c.page.getByTestId("keep-mine").click();
  await expect(c.saveStatus()).toHaveText("Saved");
  await expect(c.page.getByTestId("conflict")).toHaveCount(0);
  await expect.poll(async () => (await storedValues(a))[6]).toBe("5s");
  await expect(a.cell(7, "value")).toHaveValue("5s");
  expect(crashes).toEqual([]);
});

test("someone else's save never replaces the cell being typed in: it opens as a conflict there", async ({ page, crashes, browser }) => {
  const [a, b] = await twoOnOneSheet(page, browser, "alice", "bob");
  await expect(b.page.getByTestId("viewers")).toHaveText("2 people are viewing this sheet");

  // Bob types 2s into the external API's read timeout and stays in the cell; it is saved.
  await b.typeSaved(7, "value", "2s");
  await expect(a.cell(7, "value")).toHaveValue("2s");
  await expect(b.cell(7, "value")).toHaveAttribute("data-mode", "edit");

  // Alice sets the same cell to 4s: her save lands, and Bob's page keeps his text in the
  // cell he is typing in, with the choice between the two.
  await a.typeSaved(7, "value", "4s");
  await expect(b.page.getByTestId("conflict-text")).toHaveText("Row 7, value: yours “2s”, theirs “4s” (it was “2s”).");
  await expect(b.saveStatus()).toHaveText("Not saved: 1 cell changed elsewhere");
  await expect(b.cell(7, "value")).toHaveValue("2s");
  expect((await storedValues(a))[6]).toBe("4s");

  // He takes hers: nothing of his is saved over it.
  await takeTheirs(b, "4s", a);
  expect(crashes).toEqual([]);
});

test("taking theirs takes what the sheet holds now, not the text of an older save", async ({ page, crashes, browser }) => {
  // Alice's page misses the live updates for now: her edit starts from the rows she loaded.
  const [b, a] = await twoOnOneSheet(page, browser, "bob", "alice", { live: false });

  // Bob saves 2 s; Alice, who has not seen it, sets 20 s: a conflict with his 2 s.
  await b.typeSaved(7, "value", "2s");
  await a.type(7, "value", "20s");
  await expect(a.page.getByTestId("conflict-text")).toHaveText("Row 7, value: yours “20s”, theirs “2s” (it was “1.5s”).");

  // Bob goes on to 25 s. Alice's page hears the sheet again, and her conflict names 25 s.
  await b.typeSaved(7, "value", "25s");
  await a.page.unroute("**/events");
  await expect(b.page.getByTestId("viewers")).toHaveText("2 people are viewing this sheet", { timeout: 30_000 });
  await b.typeSaved(12, "rationale", "bob's note");
  await expect(a.page.getByTestId("conflict-text")).toHaveText("Row 7, value: yours “20s”, theirs “25s” (it was “1.5s”).");

  // Taking theirs keeps Bob's 25 s, on her page and in the sheet.
  await takeTheirs(a, "25s", a);
  expect(crashes).toEqual([]);
});

test("an inversion that only two people's edits together cause is named on the page that merged them", async ({ page, crashes, browser }) => {
  // G1's app needs 7.8 s of its 8.0 s deadline.
  const [a, b] = await twoOnOneSheet(page, browser, "alice", "bob", { live: false });
  // Alice: the app's own processing 0.65 s (7.95 s alone, still ok).
  await a.typeSaved(5, "value", "0.65s");
  await expect(a.page.getByTestId("combined")).toHaveCount(0);
  // Bob, who has not seen it: the external API's read timeout 1.55 s (7.9 s alone).
  await b.typeSaved(7, "value", "1.55s");
  await expect(b.cell(5, "value")).toHaveValue("0.65s");
  await expect(b.page.getByTestId("combined-finding")).toHaveCount(1);
  await expect(b.page.getByTestId("combined-finding")).toContainText("error inversion.node: app's deadline (8.0 s)");
  await expect(b.node("app").getByTestId("need")).toHaveText("8.05 s");
  await b.page.screenshot({ path: "test-results/combined.png", fullPage: true });
  // Bob lowers his value again: the inversion is gone, and so is the note.
  await b.typeSaved(7, "value", "1.5s");
  await expect(b.page.getByTestId("combined")).toHaveCount(0);
  expect(crashes).toEqual([]);
});

test("the history lists revisions with authors and counts, the diff traces G1 → G2, and a restore brings G1 back", async ({ page }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  await sheet.setAuthor("alice");
  await sheet.typeG2("one event");
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await expect(sheet.node("app").getByTestId("need")).toHaveText("15.5 s");

  await page.getByTestId("history-link").click();
  const revisions = page.getByTestId("revision");
  await expect(revisions).toHaveCount(2);
  await expect(revisions.nth(0).getByTestId("revision-author")).toHaveText("alice");
  await expect(revisions.nth(0).getByTestId("revision-kind")).toHaveText("saved");
  await expect(revisions.nth(0).getByTestId("revision-errors")).toHaveText("1");
  await expect(revisions.nth(0).getByTestId("revision-inversions")).toHaveText("1");
  await expect(revisions.nth(0).getByTestId("revision-changes")).toHaveText("2 cells");
  await expect(revisions.nth(1).getByTestId("revision-kind")).toHaveText("created");
  await expect(revisions.nth(1).getByTestId("revision-errors")).toHaveText("0");

  await revisions.nth(0).getByTestId("diff-link").click();
  await expect(page.getByTestId("diff-headline")).toHaveText(
    "errors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 7.5 s (2 cells changed)",
  );
  await expect(page.getByTestId("trace")).toHaveText(G2_TRACE);
  await expect(page.getByTestId("trace-attempts")).toHaveText("attempts on external API: 2 → 3");
  await expect(page.getByTestId("flip")).toHaveText("app: ok → inverted, short by 7.5 s");
  const changed = page.getByTestId("changed-cell");
  await expect(changed).toHaveCount(2);
  await expect(changed.nth(0).locator("del")).toHaveText("1.5s");
  await expect(changed.nth(0).locator("ins")).toHaveText("3s");
  await page.screenshot({ path: "test-results/review-diff.png", fullPage: true });

  await page.goBack();
  await page.getByTestId("revision").nth(1).getByTestId("restore").click();
  await page.waitForURL(/\/sheets\/\d+$/);
  await sheet.hydrated();
  await expect(sheet.node("app").getByTestId("need")).toHaveText("7.8 s");
  await expect(sheet.cell(7, "value")).toHaveValue("1.5s");
  await page.getByTestId("history-link").click();
  await expect(page.getByTestId("revision")).toHaveCount(3);
  await expect(page.getByTestId("revision").nth(0).getByTestId("revision-kind")).toHaveText("restored · restored revision 1");
  await expect(page.getByTestId("revision").nth(0).getByTestId("revision-author")).toHaveText("alice");
});

test("a removed row is drawn struck through in place and an unknown revision is a clear error", async ({ page }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-ja.tsv");
  const id = sheet.id();
  const current = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  const patch = await page.request.patch(`/api/v1/sheets/${id}`, {
    headers: { "if-match": `"${current.revision}"`, "content-type": "application/json" },
    data: { delete: [{ row_id: current.row_ids[2], base: current.rows[2] }] },
  });
  expect(patch.status()).toBe(200);
  await page.goto(`/sheets/${id}/diff`);
  const lines = page.getByTestId("diff-line");
  await expect(lines).toHaveCount(12);
  await expect(lines.nth(2)).toHaveAttribute("data-change", "removed");
  await expect(lines.nth(2)).toContainText("proxy_read_timeout");
  await expect(page.getByTestId("diff-headline")).toContainText("削除した行 1行");
  await page.screenshot({ path: "test-results/review-diff-ja.png", fullPage: true });
  await page.goto(`/sheets/${id}/diff?from=1&to=9`);
  await expect(page.getByText(`sheet ${id} has no revision 9`)).toBeVisible();
});

test("the sheet page draws the changes since a revision on its grid, and follows the typing", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  const id = sheet.id();
  // The sheet was created by anonymous (the API, without a name); alice changes it.
  await sheet.setAuthor("alice");
  // One save of two changes: the external API's read timeout, and the LB's read timeout row
  // deleted (row 3; the read timeout row moves up to line 6).
  await sheet.type(7, "value", "3s");
  await sheet.row(3).getByTestId("delete-row").click();
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await expect(page.getByTestId("cell-old")).toHaveCount(0);

  // The last change, drawn on the grid.
  await page.getByTestId("show-changes").click();
  await page.waitForURL(new RegExp(`/sheets/${id}\\?since=previous$`));
  await sheet.hydrated();
  await expect(page.getByTestId("changes-since")).toHaveText(
    "Changes since revision 1 (by alice; the latest is 2): 1 cell changed, 1 row removed.",
  );
  await expect(sheet.row(6)).toHaveClass(/diff-changed/);
  await expect(sheet.row(6).getByTestId("cell-old")).toHaveText("1.5s");
  await expect(sheet.cell(6, "value")).toHaveValue("3s");
  const removed = page.getByTestId("removed-row");
  await expect(removed).toHaveCount(1);
  await expect(removed).toContainText("proxy_read_timeout");
  // Struck through where it was: after line 2, before line 3.
  await expect(page.locator("[data-testid=row-2] + [data-testid=removed-row]")).toHaveCount(1);
  await page.screenshot({ path: "test-results/changes-on-grid.png", fullPage: true });

  // The marks follow the typing: a new edit is a changed cell at once; typing the old text
  // back takes its mark away; an added row is marked added.
  await sheet.type(1, "value", "13s");
  await expect(sheet.row(1).getByTestId("cell-old")).toHaveText("12s");
  await expect(page.getByTestId("changes-since")).toContainText("2 cells changed, 1 row removed.");
  await sheet.type(6, "value", "1.5s");
  await expect(sheet.row(6).getByTestId("cell-old")).toHaveCount(0);
  await sheet.addRow();
  await expect(sheet.row(12)).toHaveClass(/diff-added/);
  await expect(page.getByTestId("changes-since")).toContainText("1 cell changed, 1 row added, 1 row removed.");

  // From the history: the changes since revision 1, and hiding them.
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await page.goto(`/sheets/${id}/history`);
  await page.getByTestId("revision").last().getByTestId("since-link").click();
  await page.waitForURL(new RegExp(`/sheets/${id}\\?since=1$`));
  await sheet.hydrated();
  await expect(page.getByTestId("cell-old")).toHaveCount(1);
  await page.getByTestId("hide-changes").click();
  await page.waitForURL(new RegExp(`/sheets/${id}$`));
  await expect(page.getByTestId("removed-row")).toHaveCount(0);
  await expect(page.getByTestId("cell-old")).toHaveCount(0);
  await page.goto(`/sheets/${id}?since=9`);
  await expect(page.getByText(`sheet ${id} has no revision 9`)).toBeVisible();
  expect(crashes.filter((e) => !e.includes("404"))).toEqual([]);
});

test("an inversion typed and fixed at once stays in the history: the inverted save, then the fix applied, then a paste", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  await sheet.setAuthor("alice");
  // G2 entered (each value in one input event, so that no autosave catches a cell half
  // typed and adds a revision of its own): the app inverted, saved.
  await sheet.typeG2("one event");
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await expect(sheet.summary()).toHaveText("1 inversion, 0 warnings");
  // Fixed at once (well within the 30 s a save folds into the one before) with the report's
  // fix, then two rationales pasted as a block.
  const apply = sheet.finding("inversion.node").getByTestId("apply-fix").first();
  await expect(apply).toHaveText("Apply: reduce app -> external API to 1 try");
  await apply.click();
  await expect(sheet.cell(8, "value")).toHaveValue("1 try");
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await paste(sheet.cell(6, "rationale"), "same region, measured\nmeasured p99\n");
  await expect(sheet.cell(7, "rationale")).toHaveValue("measured p99");
  await expect(sheet.saveStatus()).toHaveText("Saved");

  await page.getByTestId("history-link").click();
  const revisions = page.getByTestId("revision");
  await expect(revisions).toHaveCount(4);
  const texts = async (testid: string) => revisions.getByTestId(testid).allTextContents();
  expect(await texts("revision-kind")).toEqual(["pasted", "fix applied", "saved", "created"]);
  expect(await texts("revision-author")).toEqual(["alice", "alice", "alice", "anonymous"]);
  expect(await texts("revision-inversions")).toEqual(["0", "0", "1", "0"]);
  expect((await texts("revision-changes")).slice(0, 3)).toEqual(["2 cells", "1 cell", "2 cells"]);
  // In Japanese, the kinds in its words.
  await page.context().addCookies([{ name: "ui-lang", value: "ja", domain: new URL(page.url()).hostname, path: "/" }]);
  await page.reload();
  expect(await texts("revision-kind")).toEqual(["貼り付け", "修正の適用", "保存", "作成"]);
  expect(crashes).toEqual([]);
});
