import { expect } from "@playwright/test";
import { copy, paste, SheetPage, SheetsPage, test } from "./fixtures/workbench";

// A range selected with Shift+arrows is copied as the spreadsheets' TSV (quoted
// two-line cells, the formula guard) and pastes into another sheet cell for cell.
test("copying a range and pasting it into another sheet cell for cell", async ({ page, crashes }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const source = await sheets.createExample("en");
  const sourceUrl = page.url();
  await source.type(3, "setting", "=proxy_read_timeout");
  await source.cell(2, "rationale").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Alt+Enter");
  await page.keyboard.type("and cheap");
  await expect(source.saveStatus()).toHaveText("Saved");

  // From row 2's item: Shift+Right from the end of its text, then Shift+Down, then on.
  await source.cell(2, "item").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(page.locator("table.grid td.selected")).toHaveCount(4);
  await expect(source.row(3).locator("td.selected")).toHaveCount(2);
  // Once there is a selection, Shift+arrows go on from its end whatever the caret.
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowRight");
  await expect(page.locator("table.grid td.selected")).toHaveCount(12);
  const text = await copy(source.cell(2, "item"));
  expect(text).toBe(
    "connect timeout\tproxy_connect_timeout\t60s\t1s\tnginx.conf location\t\"same network, connecting is fast\nand cheap\"\n" +
      "read timeout\t'=proxy_read_timeout\t60s\t10s\tnginx.conf location\tlonger than the app deadline plus margin\n",
  );
  // Escape forgets the selection; a single cell's copy is the browser's own.
  await page.keyboard.press("Escape");
  await expect(page.locator("table.grid td.selected")).toHaveCount(0);

  await sheets.open();
  const target = await sheets.createBlank("Copy target");
  await target.addRow();
  await paste(target.cell(1, "item"), text);
  await target.expectValues(1, { item: "connect timeout", rationale: "same network, connecting is fast\nand cheap" });
  await target.expectValues(2, { setting: "=proxy_read_timeout", value: "10s", segment: "" });
  await expect(target.saveStatus()).toHaveText("Saved");

  // A drag selects too, and Delete empties the selected cells in one step.
  await page.goto(sourceUrl);
  await source.hydrated();
  await source.cell(5, "layer").hover();
  await page.mouse.down();
  await source.cell(6, "segment").hover();
  await page.mouse.up();
  await expect(page.locator("table.grid td.selected")).toHaveCount(4);
  await page.keyboard.press("Delete");
  await expect(source.cell(5, "segment")).toHaveValue("");
  await expect(source.cell(6, "layer")).toHaveValue("");
  await expect(source.cell(5, "item")).toHaveValue("own processing time");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(source.cell(5, "segment")).toHaveValue("app");
  await expect(source.cell(6, "layer")).toHaveValue("4");
  expect(crashes).toEqual([]);
});

// Rows are inserted, duplicated, moved (Alt+arrows, a drag) and deleted from the
// keyboard, each one undo step and one save.
test("rows are inserted, duplicated, moved and deleted with the keys and a drag", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  const items = () => page.locator("table.grid tbody [data-testid='cell-item']").evaluateAll(
    (cells) => cells.map((c) => (c as HTMLTextAreaElement).value),
  );
  const first = [
    "overall deadline",
    "connect timeout",
    "read timeout",
    "request deadline",
    "own processing time",
  ];
  expect((await items()).slice(0, 5)).toEqual(first);

  // Alt+Shift+Up: an empty row above, the focus in it.
  await sheet.cell(5, "value").click();
  await page.keyboard.press("Alt+Shift+ArrowUp");
  await expect(sheet.cell(5, "value")).toBeFocused();
  await expect(sheet.cell(5, "item")).toHaveValue("");
  await expect(sheet.cell(6, "item")).toHaveValue("own processing time");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.cell(5, "item")).toHaveValue("own processing time");
  await expect(sheet.row(13)).toHaveCount(0);

  // Alt+Shift+D: a copy below; Alt+Down and Alt+Up move the row, the focus going with it.
  await sheet.cell(2, "value").click();
  await page.keyboard.press("Alt+Shift+KeyD");
  await expect(sheet.cell(3, "value")).toBeFocused();
  await expect(sheet.cell(3, "item")).toHaveValue("connect timeout");
  await expect(sheet.row(13)).toHaveCount(1);
  await page.keyboard.press("Alt+ArrowDown");
  await expect(sheet.cell(4, "value")).toBeFocused();
  expect((await items()).slice(0, 5)).toEqual([
    "overall deadline",
    "connect timeout",
    "read timeout",
    "connect timeout",
    "request deadline",
  ]);
  // Alt+Shift+Delete deletes it.
  await page.keyboard.press("Alt+Shift+Delete");
  expect((await items()).slice(0, 5)).toEqual(first);
  await expect(sheet.row(13)).toHaveCount(0);

  // A row dragged by its number to another row's place.
  await sheet.row(5).getByTestId("drag-row").dragTo(sheet.row(1).getByTestId("drag-row"));
  expect((await items()).slice(0, 3)).toEqual(["own processing time", "overall deadline", "connect timeout"]);
  await sheet.reloadOnceSaved();
  expect((await items()).slice(0, 3)).toEqual(["own processing time", "overall deadline", "connect timeout"]);
  // The row buttons do the same, and are not tab stops of their own.
  await expect(sheet.row(1).getByTestId("insert-below")).toHaveAttribute("tabindex", "-1");
  await sheet.row(1).getByTestId("insert-below").click();
  await expect(sheet.cell(2, "item")).toHaveValue("");
  expect(crashes).toEqual([]);
});

// A setting from the catalog fills the row's item, default and location in one
// step; the report follows the typing even while the save has not gone through.
test("a catalog setting fills its row, and the report follows the typing before the save", async ({ page, crashes }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const sheet = await sheets.createBlank("Catalog fill");
  await sheet.addRow();
  await expect(page.getByTestId("catalog-settings").locator("option").first()).toBeAttached();
  await sheet.type(1, "setting", "proxy_read_timeout");
  const fill = sheet.row(1).getByTestId("fill-from-catalog");
  await expect(fill).toHaveText("fill from nginx: item, default, location");
  await fill.click();
  await expect(sheet.cell(1, "item")).toHaveValue("read timeout");
  await expect(sheet.cell(1, "default")).toHaveValue("60s");
  await expect(sheet.cell(1, "location")).toHaveValue("nginx");
  await expect(fill).toHaveCount(0);
  await sheet.cell(1, "value").click();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.cell(1, "item")).toHaveValue("");
  await expect(sheet.cell(1, "default")).toHaveValue("");
  await expect(sheet.cell(1, "setting")).toHaveValue("proxy_read_timeout");
  await expect(sheet.saveStatus()).toHaveText("Saved");

  // Saves hang from here on: the report still follows every edit.
  await sheets.open();
  const example = await sheets.createExample("en");
  await page.route("**/api/save_rows*", () => {});
  await example.typeG2();
  await expect(example.node("app").getByTestId("need")).toHaveText("15.5 s");
  await expect(example.saveStatus()).not.toHaveText("Saved");
  expect(crashes).toEqual([]);
});

// After a fix's Apply button the focus is back in the grid, on the first cell the fix
// changed, so that Ctrl+Z at once undoes the fix.
test("applying a fix puts the focus on its first changed cell, and Ctrl+Z undoes it", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  await sheet.typeG2();
  const verdict = sheet.node("app").getByTestId("verdict");
  await expect(verdict).toHaveText("inverted");
  await expect(sheet.node("app").getByTestId("need")).toHaveText("15.5 s");

  const apply = sheet.finding("inversion.node").first().getByTestId("apply-fix").first();
  await expect(apply).toHaveText("Apply: reduce app -> external API to 1 try");
  await apply.click();
  await expect(sheet.cell(8, "value")).toBeFocused();
  await expect(sheet.cell(8, "value")).toHaveAttribute("data-mode", "select");
  await expect(sheet.cell(8, "value")).toHaveValue("1 try");
  await expect(verdict).toHaveText("ok");

  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.cell(8, "value")).toHaveValue("3 tries, waits 0.5s, 1.0s");
  await expect(verdict).toHaveText("inverted");
  await expect(sheet.node("app").getByTestId("need")).toHaveText("15.5 s");
  await sheet.reloadOnceSaved();
  await expect(sheet.cell(8, "value")).toHaveValue("3 tries, waits 0.5s, 1.0s");
  expect(crashes).toEqual([]);
});

// A sheet without rows takes Ctrl+V as rows, read as the import reads a TSV: with a header
// in either language and any column order, or without one.
test("Ctrl+V in a sheet without rows pastes the rows, with a header line or without", async ({ page, crashes, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const sheets = new SheetsPage(page);
  await sheets.open();
  const sheet = await sheets.createBlank("Pasted rows");
  await expect(page.getByTestId("grid-empty")).toBeVisible();
  const clipboard = (text: string) => page.evaluate((t) => navigator.clipboard.writeText(t), text);

  // A header in another order: each column lands where its header names.
  await clipboard(
    "value\tsegment\titem\tlayer\tsetting\tdefault\tlocation\trationale\r\n" +
      "10s\tLB -> app\tread timeout\t1\tproxy_read_timeout\t60s\tnginx.conf\t\r\n" +
      "8s\tapp\trequest deadline\t2\t\tnone\tmiddleware\t\"two\nlines\"\r\n",
  );
  await page.keyboard.press("ControlOrMeta+v");
  await sheet.expectValues(1, { segment: "LB -> app", value: "10s", layer: "1" });
  await sheet.expectValues(2, { item: "request deadline", rationale: "two\nlines" });
  await expect(sheet.row(3)).toHaveCount(0);
  await expect(page.getByTestId("grid-empty")).toHaveCount(0);
  // The focus is on the first cell, and the paste is one undo step.
  await expect(sheet.cell(1, "layer")).toBeFocused();
  await expect(sheet.hop("LB -> app")).toHaveCount(1);
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.row(1)).toHaveCount(0);
  await expect(page.getByTestId("grid-empty")).toBeVisible();

  // Without a header: the cells fill the columns from the first.
  await clipboard("1\tbrowser -> LB\toverall deadline\t\t\t12s\r\n2\tLB -> app\r\n");
  await page.getByTestId("grid-empty").focus();
  await page.keyboard.press("ControlOrMeta+v");
  await sheet.expectValues(1, { segment: "browser -> LB", value: "12s" });
  await sheet.expectValues(2, { layer: "2", segment: "LB -> app", value: "" });
  await expect(sheet.row(3)).toHaveCount(0);
  await sheet.reloadOnceSaved();
  await expect(sheet.cell(1, "value")).toHaveValue("12s");
  await expect(sheet.cell(2, "segment")).toHaveValue("LB -> app");

  // A header the import refuses is refused the same way, and nothing is pasted.
  await sheets.open();
  const other = await sheets.createBlank("Refused paste");
  await clipboard("segment\tvalue\r\napp\t1s\r\n");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(page.getByTestId("grid-notice")).toHaveText(
    'line 1: the header must name each of the eight columns once; "layer" is missing',
  );
  await expect(other.row(1)).toHaveCount(0);
  expect(crashes).toEqual([]);
});
