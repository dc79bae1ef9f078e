import { expect, type Locator } from "@playwright/test";
import { paste, SheetPage, SheetsPage, test } from "./fixtures/workbench";

// The keyboard moves between cells as in a spreadsheet, and a cell keeps its
// line breaks.
test("the keys move between cells, Escape undoes the typing, and a two-line cell stays two lines", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  // `?` outside a text field opens the list of shortcuts, and closes it; in a cell it is text.
  const shortcuts = page.getByTestId("shortcuts");
  await page.getByTestId("sheet-name").click();
  await page.keyboard.press("?");
  await expect(shortcuts).toHaveAttribute("open", "");
  await expect(shortcuts).toContainText("Alt+Enter");
  await expect(shortcuts).toContainText("a new line in the cell");
  await page.keyboard.press("?");
  await expect(shortcuts).not.toHaveAttribute("open");
  await sheet.cell(3, "location").click();
  await page.keyboard.press("End");
  await page.keyboard.press("?");
  await expect(sheet.cell(3, "location")).toHaveValue("nginx.conf location?");
  await expect(shortcuts).not.toHaveAttribute("open");
  await page.keyboard.press("Escape");
  await expect(sheet.cell(3, "location")).toHaveValue("nginx.conf location");

  // One tab stop for the grid: the cell that last had the focus.
  await expect(sheet.cell(3, "location")).toHaveAttribute("tabindex", "0");
  await expect(sheet.cell(1, "segment")).toHaveAttribute("tabindex", "-1");

  await sheet.cell(1, "segment").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Tab");
  await expect(sheet.cell(1, "item")).toBeFocused();
  await expect(sheet.cell(1, "item")).toHaveAttribute("tabindex", "0");
  // A cell reached with the keys is selected: Enter edits it, and Enter again goes down.
  await expect(sheet.cell(1, "item")).toHaveAttribute("data-mode", "select");
  await page.keyboard.press("Enter");
  await expect(sheet.cell(1, "item")).toHaveAttribute("data-mode", "edit");
  // Keys pressed in turn, and the cell that has the focus after them.
  const moves: [string[], number, string][] = [
    [["Enter"], 2, "item"],
    [["ArrowDown"], 3, "item"],
    [["Shift+Enter"], 2, "item"],
    [["ArrowUp"], 1, "item"],
    [["ArrowDown"], 2, "item"],
    // Right moves on only from the end of the text; left only from its start.
    [["Home", "ArrowRight"], 2, "item"],
    [["End", "ArrowRight"], 2, "setting"],
    [["Home", "ArrowLeft"], 2, "item"],
  ];
  for (const [keys, line, column] of moves) {
    for (const key of keys) {
      await page.keyboard.press(key);
    }
    await expect(sheet.cell(line, column)).toBeFocused();
  }

  // Escape puts back the text the cell had when it got the focus.
  await page.keyboard.press("End");
  await page.keyboard.type(" (edited)");
  await expect(sheet.cell(2, "item")).toHaveValue("connect timeout (edited)");
  await page.keyboard.press("Escape");
  await expect(sheet.cell(2, "item")).toHaveValue("connect timeout");

  // Alt+Enter starts a new line in the cell; the line break is saved and comes back.
  await sheet.cell(2, "rationale").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Alt+Enter");
  await page.keyboard.type("second line");
  await expect(sheet.cell(2, "rationale")).toHaveValue("same network, connecting is fast\nsecond line");
  await sheet.reloadOnceSaved();
  await expect(sheet.cell(2, "rationale")).toHaveValue("same network, connecting is fast\nsecond line");
  // Up from the second line stays in the cell; from the first it leaves.
  await sheet.cell(2, "rationale").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Control+End");
  await page.keyboard.press("ArrowUp");
  await expect(sheet.cell(2, "rationale")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(sheet.cell(1, "rationale")).toBeFocused();
  expect(crashes).toEqual([]);
});

// A 3 × 4 block copied from a spreadsheet fills the cells from the one it is
// pasted into, adds the row it needs, keeps a quoted two-line cell whole, and is one save.
test("pasting a block copied from a spreadsheet fills it cell for cell and adds a row", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  await expect(sheet.row(13)).toHaveCount(0);

  // Excel's clipboard: \r\n after every line, the two-line cell quoted.
  const block =
    "app -> cache\tconnect timeout\tconnect_timeout\t-\r\n" +
    "app -> cache\tread timeout\tread_timeout\t\"-\nnone in the client\"\r\n" +
    "app -> cache\ttries and waits\tretries\t1 try\r\n";
  await expect(sheet.saveStatus()).toHaveText("Saved");
  const version = async () =>
    Number((await page.request.get(`/api/v1/sheets/${sheet.id()}`)).headers()["etag"].replaceAll('"', ""));
  const before = await version();
  await paste(sheet.cell(11, "segment"), block);

  await sheet.expectValues(11, { segment: "app -> cache", default: "-" });
  await sheet.expectValues(12, { setting: "read_timeout", default: "-\nnone in the client" });
  // The block reached past the last row: row 13 was added, the other cells of the rows kept.
  await sheet.expectValues(13, { item: "tries and waits", value: "" });
  await sheet.expectValues(11, { layer: "5", value: "1s" });
  await expect(sheet.saveStatus()).toHaveText("Saved");
  expect(await version()).toBe(before + 1);

  // A block whose first line is the header is pasted without it.
  await paste(sheet.cell(13, "value"), "value\tlocation\n2 tries\tclient settings\n");
  await expect(sheet.cell(13, "value")).toHaveValue("2 tries");
  await expect(sheet.cell(13, "location")).toHaveValue("client settings");
  await expect(sheet.row(14)).toHaveCount(0);
  await expect(sheet.saveStatus()).toHaveText("Saved");

  // What was pasted is what is stored.
  await sheet.reload();
  await expect(sheet.cell(12, "default")).toHaveValue("-\nnone in the client");
  await expect(sheet.cell(13, "location")).toHaveValue("client settings");
  expect(crashes).toEqual([]);
});

// Undo and redo over a paste and a row delete, each step saved, the report
// following.
test("undoing a paste and a row delete, and redoing them, with the report following each step", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");

  await paste(sheet.cell(11, "segment"), "app -> cache\tread timeout\tread_timeout\t-\n");
  await expect(sheet.cell(11, "segment")).toHaveValue("app -> cache");
  await expect(sheet.hop("app -> cache")).toHaveCount(1);

  // Ctrl+Z in any cell undoes the grid's last step, whichever cell it was in.
  await sheet.cell(2, "value").click();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.cell(11, "segment")).toHaveValue("app -> DB");
  await expect(sheet.cell(11, "setting")).toHaveValue("lock_timeout");
  await expect(sheet.hop("app -> cache")).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect(sheet.cell(11, "segment")).toHaveValue("app -> cache");
  await expect(sheet.hop("app -> cache")).toHaveCount(1);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.hop("app -> cache")).toHaveCount(0);

  // A row delete, undone without a confirmation: the app's deadline comes back.
  const deadline = sheet.node("app").getByTestId("deadline");
  await expect(deadline).toHaveText("8.0 s");
  await sheet.row(4).getByTestId("delete-row").click();
  await expect(sheet.cell(4, "item")).toHaveValue("own processing time");
  await expect(deadline).toHaveText("—");
  await sheet.cell(1, "value").click();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.cell(4, "item")).toHaveValue("request deadline");
  await expect(deadline).toHaveText("8.0 s");
  // Ctrl+Y redoes it, and what the last step left is what is stored.
  await page.keyboard.press("Control+y");
  await expect(sheet.cell(4, "item")).toHaveValue("own processing time");
  await expect(deadline).toHaveText("—");
  await sheet.reloadOnceSaved();
  await expect(sheet.cell(4, "item")).toHaveValue("own processing time");
  await expect(sheet.cell(11, "segment")).toHaveValue("app -> DB");
  expect(crashes).toEqual([]);
});

/** The selection of a cell's text, `[start, end]` in UTF-16 units. */
function caret(cell: Locator): Promise<[number, number]> {
  return cell.evaluate((e) => {
    const field = e as HTMLTextAreaElement | HTMLInputElement;
    return [field.selectionStart ?? -1, field.selectionEnd ?? -1] as [number, number];
  });
}

/**
 * Presses `key` in the selected `cell`, which holds `text`: checks that the cell is edited with
 * the caret after its text, types `added` there, then presses Escape, which puts `text` back.
 */
async function expectEditAtEnd(cell: Locator, key: string, text: string, added: string): Promise<void> {
  const keyboard = cell.page().keyboard;
  await keyboard.press(key);
  await expect(cell).toHaveAttribute("data-mode", "edit");
  expect(await caret(cell)).toEqual([text.length, text.length]);
  await keyboard.type(added);
  await expect(cell).toHaveValue(text + added);
  await keyboard.press("Escape");
  await expect(cell).toHaveValue(text);
}

// A cell reached with the keys is selected, as in a spreadsheet: typing replaces its text,
// Escape puts it back, Ctrl+Z undoes the replace; Enter or F2 edit it with the caret after
// its text; a click edits where it points.
test("typing into a cell reached with the keys replaces its text; Enter and F2 edit it at its end", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  const value2 = sheet.cell(2, "value");
  const value3 = sheet.cell(3, "value");

  await sheet.cell(2, "default").click();
  await expect(sheet.cell(2, "default")).toHaveAttribute("data-mode", "edit");
  await page.keyboard.press("Tab");
  await expect(value2).toBeFocused();
  await expect(value2).toHaveAttribute("data-mode", "select");
  await expect(sheet.cell(2, "default")).not.toHaveAttribute("data-mode", /./);
  expect(await caret(value2)).toEqual([0, 2]);

  // Typing replaces "1s"; Escape puts it back, selected again.
  await page.keyboard.type("2s");
  await expect(value2).toHaveValue("2s");
  await expect(value2).toHaveAttribute("data-mode", "edit");
  await page.keyboard.press("Escape");
  await expect(value2).toHaveValue("1s");
  await expect(value2).toHaveAttribute("data-mode", "select");
  expect(await caret(value2)).toEqual([0, 2]);

  // Replaced again and left with Enter: the cell below is selected, and Ctrl+Z there puts
  // the old text back, saved.
  await page.keyboard.type("4s");
  await page.keyboard.press("Enter");
  await expect(value3).toBeFocused();
  await expect(value3).toHaveAttribute("data-mode", "select");
  await expect(value2).toHaveValue("4s");
  await expect(sheet.hop("LB -> app").getByTestId("per-try")).toHaveText("14.0 s");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(value2).toHaveValue("1s");
  await expect(sheet.hop("LB -> app").getByTestId("per-try")).toHaveText("11.0 s");
  await expect(value3).toBeFocused();
  await expect(value3).toHaveAttribute("data-mode", "select");

  // Enter on the selected cell edits it, the caret after its text: typing adds to it.
  await expectEditAtEnd(value3, "Enter", "10s", "0");

  // From a selected cell the arrows move whatever the caret; F2 edits at the end.
  await page.keyboard.press("ArrowUp");
  await expect(value2).toBeFocused();
  await expectEditAtEnd(value2, "F2", "1s", " each");

  // The setting cell (a one-line input) is replaced the same way.
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  const setting = sheet.cell(2, "setting");
  await expect(setting).toBeFocused();
  await expect(setting).toHaveAttribute("data-mode", "select");
  expect(await caret(setting)).toEqual([0, "proxy_connect_timeout".length]);
  await page.keyboard.type("connect_timeout");
  await expect(setting).toHaveValue("connect_timeout");
  await page.keyboard.press("ControlOrMeta+z");
  await expect(setting).toHaveValue("proxy_connect_timeout");

  // A click edits where it points, however the cell was reached before.
  await value2.click();
  await expect(value2).toHaveAttribute("data-mode", "edit");
  expect(await caret(value2)).toEqual([2, 2]);

  await sheet.reloadOnceSaved();
  await expect(value2).toHaveValue("1s");
  await expect(value3).toHaveValue("10s");
  await expect(setting).toHaveValue("proxy_connect_timeout");
  expect(crashes).toEqual([]);
});

// A block wider than the columns from the cell it is pasted into to the last one is refused
// whole, saying how much does not fit; the sheet is left as it was.
test("a paste too wide for the columns right of its cell is refused, and nothing changes", async ({ page, crashes }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const sheet = await sheets.createExample("en");
  await expect(sheet.saveStatus()).toHaveText("Saved");
  const stored = async () => (await page.request.get(`/api/v1/sheets/${sheet.id()}/export.tsv?header=en`)).text();
  const before = await stored();

  // Nine columns into the value column: three columns from there, six cells past the end on
  // the first line, one on the second.
  await paste(sheet.cell(2, "value"), "a\tb\tc\td\te\tf\tg\th\ti\r\nj\tk\tl\tm\r\n");
  await expect(page.getByTestId("grid-notice")).toHaveText(
    "The paste is 9 columns wide; from column value to the end of the row there are 3 columns, " +
      "so 7 cells do not fit. Nothing was pasted: paste it into a cell further left.",
  );
  await expect(sheet.cell(2, "value")).toHaveValue("1s");
  await expect(sheet.cell(2, "location")).toHaveValue("nginx.conf location");
  await expect(sheet.cell(3, "value")).toHaveValue("10s");
  await expect(sheet.row(13)).toHaveCount(0);
  await expect(sheet.saveStatus()).toHaveText("Saved");
  expect(await stored()).toBe(before);
  // Nothing to undo: Ctrl+Z leaves the sheet as it is.
  await sheet.cell(2, "value").focus();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(sheet.cell(2, "value")).toHaveValue("1s");

  // The same block from the first column fits on its second line, not on its first.
  await paste(sheet.cell(1, "layer"), "a\tb\tc\td\te\tf\tg\th\ti\n");
  await expect(page.getByTestId("grid-notice")).toHaveText(
    "The paste is 9 columns wide; from column layer to the end of the row there are 8 columns, " +
      "so 1 cell does not fit. Nothing was pasted: paste it into a cell further left.",
  );
  await expect(sheet.cell(1, "layer")).toHaveValue("1");
  // A paste that fits takes the message away.
  await paste(sheet.cell(2, "location"), "here\tbecause\n");
  await expect(page.getByTestId("grid-notice")).toHaveCount(0);
  await expect(sheet.cell(2, "rationale")).toHaveValue("because");

  // In Japanese, with Japanese headers, the column is named as the grid names it.
  await sheets.open();
  await page.getByTestId("ui-lang-ja").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await sheets.hydrated();
  const ja = await sheets.createExample("ja");
  await paste(ja.cell(2, "rationale"), "x\ty\tz\n");
  await expect(page.getByTestId("grid-notice")).toHaveText(
    "貼り付ける範囲は 3 列ですが、列「根拠」から行の終わりまでは 1 列なので、2 個のセルが収まりません。" +
      "何も貼り付けていません。もっと左のセルに貼り付けてください。",
  );
  expect(crashes).toEqual([]);
});
