import { expect } from "@playwright/test";
import { fixture, SheetPage, SheetsPage, test } from "./fixtures/workbench";

const BROKEN = [
  "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale",
  "1\tLB -> app\tread timeout\tproxy_read_timeout\t60s\t5s\tnginx.conf\t",
  "1\tLB -> app\tconnect timeout\tproxy_connect_timeout\t60s\t1s\tnginx.conf",
  "",
].join("\n");

test("a TSV with a broken row is refused with its line, and no sheet is created", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const before = await sheets.rows().count();

  await sheets.importTsv("broken", BROKEN);
  await expect(page.getByTestId("import-error")).toContainText("line 3: expected 8 cells, found 7");
  await expect(page).toHaveURL(/\/$/);
  await expect(sheets.rows()).toHaveCount(before);
  await page.reload();
  await expect(sheets.rows()).toHaveCount(before);
});

test("importing a broken TSV into a sheet leaves the sheet unchanged", async ({ page }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  await page.getByTestId("import-text").fill(BROKEN);
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toContainText("line 3: expected 8 cells, found 7");
  await expect(sheet.cell(1, "value")).toHaveValue("12s");
  await expect(page.locator("[data-testid^=row-]")).toHaveCount(12);

  // What the server keeps is unchanged too: the export is still the fixture.
  const api = await page.request.get(`/api/v1/sheets/${sheet.id()}/export.tsv?header=en`);
  expect(Buffer.from(await api.body()).equals(fixture("reservation-en.tsv"))).toBe(true);
});

// An import is one undo step like any edit; undoing it saves the rows it replaced.
test("an import into a sheet is one undo step, and the rows it undoes to are saved", async ({ page }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  await page.getByTestId("import-text").fill(fixture("inverted-lb.tsv").toString("utf8"));
  await page.getByTestId("import-submit").click();
  await expect(page.locator("[data-testid^=row-]")).toHaveCount(5);
  await expect(page.getByTestId("hop-LB -> app").getByTestId("verdict")).toHaveText("inverted");

  await sheet.cell(1, "value").click();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(page.locator("[data-testid^=row-]")).toHaveCount(12);
  await expect(sheet.cell(1, "value")).toHaveValue("12s");
  await expect(page.getByTestId("hop-LB -> app").getByTestId("verdict")).toHaveText("ok");
  await expect(sheet.saveStatus()).toHaveText("Saved");
  const api = await page.request.get(`/api/v1/sheets/${sheet.id()}/export.tsv?header=en`);
  expect(Buffer.from(await api.body()).equals(fixture("reservation-en.tsv"))).toBe(true);

  // Redone, the import is back, and saved as well: the focus stayed in the grid, on the
  // same cell of the rows that came back.
  await expect(sheet.cell(1, "value")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect(page.locator("[data-testid^=row-]")).toHaveCount(5);
  await expect(sheet.saveStatus()).toHaveText("Saved");
  const redone = await page.request.get(`/api/v1/sheets/${sheet.id()}/export.tsv?header=en`);
  expect(Buffer.from(await redone.body()).equals(fixture("inverted-lb.tsv"))).toBe(true);
});

test("a good TSV imports into a new sheet with its report", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  await sheets.importTsv("inverted LB", fixture("inverted-lb.tsv").toString("utf8"));
  await page.waitForURL(/\/sheets\/\d+$/);
  await expect(page.getByTestId("hop-LB -> app").getByTestId("verdict")).toHaveText("inverted");
  await expect(page.getByTestId("finding-inversion.hop").getByTestId("numbers")).toHaveText(
    "bound 5.0 s · need 14.5 s · short by 9.5 s · 1 try fits",
  );
});

test("a TSV over 1 MiB is refused with its size, by file and by paste, and nothing is created", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const before = await sheets.rows().count();
  const header = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";
  const big = header + "x".repeat(1024 * 1024 + 1 - header.length);

  // A file is refused in the browser, before it is read into the page.
  await page.getByTestId("import-file").setInputFiles({
    name: "big.tsv",
    mimeType: "text/tab-separated-values",
    buffer: Buffer.from(big),
  });
  await expect(page.getByTestId("import-file-error")).toHaveText(
    "big.tsv: the TSV is 1048577 bytes, more than the 1 MiB (1048576 bytes) a sheet may hold; split it into several sheets",
  );
  await expect(page.getByTestId("import-text")).toHaveValue("");

  // A paste reaches the server, which refuses it the same way.
  await sheets.importTsv("big", big);
  await expect(page.getByTestId("import-error")).toHaveText(
    "the TSV is 1048577 bytes, more than the 1 MiB (1048576 bytes) a sheet may hold; split it into several sheets",
  );
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(sheets.rows()).toHaveCount(before);
});
