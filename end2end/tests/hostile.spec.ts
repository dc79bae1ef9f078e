import { expect, type Locator, type Page } from "@playwright/test";
import { SheetPage, SheetsPage, storeSheet, test, waitForHydration } from "./fixtures/workbench";

// Hostile sheets and names: each payload, if it ran, would set window.__pwned or open a
// dialog. They go in through the API (name and every cell), a rename on the page and an
// imported file's name, and are looked at with JavaScript on and off. The server test
// `server/tests/api/hostile.rs` parses the same pages as HTML.
const PAYLOADS = [
  "</title><script>window.__pwned='title'</script>",
  "\"><img src=x onerror=\"window.__pwned='img'\">",
  "javascript:window.__pwned='link'",
  "<svg onload=\"window.__pwned='svg'\">",
  "{{constructor.constructor('window.__pwned=1')()}}",
];
const HEADER = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale";

/** A TSV whose cells are all `payload` (quoted, as a spreadsheet would), plus a hop of it. */
function hostileTsv(payload: string): string {
  const cell = `"${payload.replaceAll('"', '""')}"`;
  const row = Array(8).fill(cell).join("\t");
  const hop = [cell, `"${payload.replaceAll('"', '""')} -> db"`, "read timeout", cell, "", "5s", cell, cell].join("\t");
  return `${HEADER}\n${row}\n${hop}\n`;
}

/** Stores a sheet named `payload` whose cells are all `payload`; answers its id. */
async function storeHostile(page: Page, payload: string): Promise<number> {
  return storeSheet(page, payload, hostileTsv(payload));
}

/** The link to sheet `id` in the sheet list. */
function sheetLink(page: Page, id: number): Locator {
  return new SheetsPage(page).sheetRow(id).getByTestId("sheet-link");
}

/**
 * Checks that the page holds no element a payload would bring: no image, frame or object, and
 * no `<svg>` but the budget picture's own, in its frame, and the row buttons' drawings, in
 * their buttons.
 */
async function expectNoForeignElements(page: Page): Promise<void> {
  await expect(page.locator("img, iframe, object, embed")).toHaveCount(0);
  const pictures = await page.locator('[data-testid="budget-picture"] > svg.budget-picture').count();
  expect(pictures).toBeLessThanOrEqual(1);
  const icons = await page.locator("td.actions > button.icon > svg.row-icon").count();
  await expect(page.locator("svg")).toHaveCount(pictures + icons);
}

async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expectNoForeignElements(page);
  await expect(page.locator("[href^='javascript:' i], [src^='javascript:' i]")).toHaveCount(0);
}

test("no payload in a name or a cell runs, with a content security policy on every page", async ({ page, crashes }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const ids: number[] = [];
  for (const payload of PAYLOADS) ids.push(await storeHostile(page, payload));

  const list = await page.goto("/");
  expect(list?.headers()["content-security-policy"]).toMatch(
    /^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9_-]+' 'wasm-unsafe-eval'; .*frame-ancestors 'none'$/,
  );
  expect(list?.headers()["x-frame-options"]).toBe("DENY");
  expect(list?.headers()["x-content-type-options"]).toBe("nosniff");
  await new SheetsPage(page).hydrated();
  for (const [i, payload] of PAYLOADS.entries()) {
    await expect(sheetLink(page, ids[i])).toHaveText(payload);
  }
  await expectNothingRan(page, dialogs);

  for (const [i, payload] of PAYLOADS.entries()) {
    const response = await page.goto(`/sheets/${ids[i]}`);
    expect(response?.headers()["content-security-policy"]).toContain("'wasm-unsafe-eval'");
    await waitForHydration(page);
    await expect(page).toHaveTitle(`${payload} · Timeout Budget Workbench`);
    await expect(page.getByTestId("sheet-name")).toHaveText(payload);
    await expect(page.getByTestId("row-1").getByTestId("cell-rationale")).toHaveValue(payload);
    await expectNothingRan(page, dialogs);
  }
  // Hydration ran under the policy: no script was refused, nothing crashed.
  expect(crashes).toEqual([]);
});

test("a payload typed as a new name on the page stays text", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const sheets = new SheetsPage(page);
  await sheets.open();
  const { id, row } = await sheets.createBlankListed("plain");
  await row.getByTestId("rename-button").click();
  await row.getByTestId("rename-input").fill(PAYLOADS[0]);
  await page.keyboard.press("Enter");
  await expect(row.getByTestId("sheet-link")).toHaveText(PAYLOADS[0]);
  await row.getByTestId("sheet-link").click();
  await page.waitForURL(`/sheets/${id}`);
  await expect(page).toHaveTitle(`${PAYLOADS[0]} · Timeout Budget Workbench`);
  await page.reload();
  await expect(page).toHaveTitle(`${PAYLOADS[0]} · Timeout Budget Workbench`);
  await expectNothingRan(page, dialogs);

  // A name with a control character is refused on the page with the reason.
  await sheets.open();
  await row.getByTestId("rename-button").click();
  await row.getByTestId("rename-input").fill("evil\u202Egpj.exe");
  await page.keyboard.press("Enter");
  await expect(row).toContainText(
    'a sheet name cannot hold bidirectional text controls: "evil\\u{202e}gpj.exe" has U+202E at character 5; remove it',
  );
});

test("without JavaScript the payloads are text too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const ids: number[] = [];
  for (const payload of PAYLOADS) ids.push(await storeHostile(page, payload));
  await page.goto("/");
  for (const [i, payload] of PAYLOADS.entries()) {
    await expect(sheetLink(page, ids[i])).toHaveText(payload);
  }
  await expectNoForeignElements(page);
  for (const [i, payload] of PAYLOADS.entries()) {
    await page.goto(`/sheets/${ids[i]}`);
    await expect(page).toHaveTitle(`${payload} · Timeout Budget Workbench`);
    await expect(page.getByTestId("sheet-name")).toHaveText(payload);
    await expectNoForeignElements(page);
    await expect(page.locator("[href^='javascript:' i]")).toHaveCount(0);
  }
  await context.close();
});

// Text that would close the element it is written into: in every cell of a sheet, it must
// stay the cell's text (the server parses the same pages in `server/tests/api/hostile_html.rs`),
// and the page must hydrate, so the sheet stays editable for everyone who opens it.
const CLOSERS = [
  "</textarea><h1 data-injected>textarea</h1><textarea>",
  "</title><h1 data-injected>title</h1>",
  "</script><h1 data-injected>script</h1>",
  "</style><h1 data-injected>style</h1>",
  "<!--<h1 data-injected>comment</h1>",
  "]]><h1 data-injected>cdata</h1>",
  "\n&lt;h1&gt;&amp; two lines",
];
const COLUMNS = ["layer", "segment", "item", "setting", "default", "value", "location", "rationale"];

test("a cell that closes its textarea stays text, hydrates, edits and saves", async ({ page, crashes }) => {
  const cellOf = (line: number, column: number) => CLOSERS[(line + column) % CLOSERS.length];
  const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const rows = CLOSERS.map((_, line) => COLUMNS.map((_, column) => quoted(cellOf(line, column))).join("\t"));
  const sheet = await SheetPage.importText(page, CLOSERS[0], `${HEADER}\n${rows.join("\n")}\n`);
  await expect(page.locator("[data-injected]")).toHaveCount(0);
  await expect(page).toHaveTitle(`${CLOSERS[0]} · Timeout Budget Workbench`);
  for (const [line] of CLOSERS.entries()) {
    for (const [column, name] of COLUMNS.entries()) {
      await expect(page.getByTestId(`row-${line + 1}`).getByTestId(`cell-${name}`)).toHaveValue(cellOf(line, column));
    }
  }

  // Edit a hostile cell: the edit saves, and a reload shows it with its neighbours intact.
  const rationale = page.getByTestId("row-1").getByTestId("cell-rationale");
  await rationale.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" edited");
  await sheet.reloadOnceSaved();
  await expect(rationale).toHaveValue(`${cellOf(0, 7)} edited`);
  await expect(page.getByTestId("row-1").getByTestId("cell-layer")).toHaveValue(cellOf(0, 0));
  await expect(page.locator("[data-injected]")).toHaveCount(0);
  expect(crashes).toEqual([]);
});
