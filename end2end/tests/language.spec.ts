import { expect } from "@playwright/test";
import { SheetPage, SheetsPage, test, watchForCrashes } from "./fixtures/workbench";

// The UI language: a first visit follows Accept-Language, the header's switch keeps the
// choice in a cookie, and the server's HTML is already in the chosen language (no flash of
// English). The sheet's header language is its own.

test("a first visit with Accept-Language ja gets the page in Japanese from the server", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "Accept-Language": "ja,en-US;q=0.8" },
  });
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/<html lang="ja"/);
  expect(html).toContain("<title>シート · タイムアウト予算ワークベンチ</title>");
  expect(html).toContain("<h1>シート</h1>");
  expect(html).toContain(">例（English）<");
  expect(html).not.toContain("Start from the example");
  await request.dispose();
});

test("switching the UI to English and back renders the server's HTML in the chosen language, the sheet's headers unchanged", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "ja-JP", extraHTTPHeaders: { "Accept-Language": "ja" } });
  const page = await context.newPage();
  const errors = watchForCrashes(page);
  const sheets = new SheetsPage(page);
  await sheets.open();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("シート");
  await expect(page.getByTestId("ui-lang-ja")).toHaveAttribute("aria-pressed", "true");
  // A blank sheet made from the Japanese page has Japanese headers unless chosen otherwise.
  await expect(page.getByTestId("new-sheet-lang")).toHaveValue("ja");

  // An English sheet, on a Japanese page: the page's words are Japanese, the sheet's
  // headers and report English.
  const sheet = await sheets.createExample("en");
  const url = page.url();
  await expect(page.getByRole("heading", { name: "ノード" })).toBeVisible();
  await expect(page.getByTestId("grid").locator("thead th").nth(1)).toHaveText("layer");
  await expect(sheet.node("app").getByTestId("need")).toHaveText("7.8 s");
  await expect(page.getByTestId("history-link")).toHaveText("履歴");
  await expect(page.getByTestId("save-status")).toHaveText("保存しました");

  // To English: the same page comes back, in English, from the server.
  await page.getByTestId("ui-lang-en").click();
  await page.waitForURL(url);
  await sheet.hydrated();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Nodes" })).toBeVisible();
  await expect(page.getByTestId("history-link")).toHaveText("History");
  await expect(page.getByTestId("ui-lang-en")).toHaveAttribute("aria-pressed", "true");
  const cookies = await context.cookies(baseURL);
  expect(cookies.find((c) => c.name === "ui-lang")?.value).toBe("en");
  let html = await (await page.request.get(url)).text();
  expect(html).toMatch(/<html lang="en"/);
  expect(html).toContain(">Nodes</h2>");
  expect(html).not.toContain(">ノード</h2>");
  // The sheet's header language is untouched by the UI's.
  const stored = await (await page.request.get(`/api/v1/sheets/${url.split("/").pop()}`)).json();
  expect(stored.lang).toBe("en");

  // A reload keeps English, whatever the browser's Accept-Language says.
  await sheet.reload();
  await expect(page.getByRole("heading", { name: "Nodes" })).toBeVisible();

  // And back to Japanese.
  await page.getByTestId("ui-lang-ja").click();
  await page.waitForURL(url);
  await sheet.hydrated();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { name: "ノード" })).toBeVisible();
  html = await (await page.request.get(url)).text();
  expect(html).toMatch(/<html lang="ja"/);
  expect(html).toContain(">ノード</h2>");
  // The sheet's "Headers" select still says English, and its grid's headers are English.
  await expect(page.getByTestId("sheet-lang")).toHaveValue("en");
  await expect(page.getByTestId("grid").locator("thead th").nth(1)).toHaveText("layer");
  expect(errors).toEqual([]);
  await context.close();
});

test("the switch works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/?delete=0");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByTestId("ui-lang-ja").click();
  await page.waitForURL(/\/\?delete=0$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("シート");
  await page.getByTestId("ui-lang-en").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sheets");
  await context.close();
});

// A server function's refusal is in the page's language too: the server writes the reason
// in the request's language, and the page's own words for the other errors are Japanese.
test("on a Japanese page, a broken import and a refused name are explained in Japanese", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ja-JP", extraHTTPHeaders: { "Accept-Language": "ja" } });
  const page = await context.newPage();
  const errors = watchForCrashes(page);
  const sheet = await SheetPage.fromExample(page, "en");

  await page.getByTestId("import-text").fill("a\tb\n");
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toHaveText(
    "1 行目: セルが 8 個必要ですが 2 個です。各行はタブ区切りでちょうど 8 個のセルが必要です",
  );
  await expect(sheet.cell(1, "value")).toHaveValue("12s");

  await sheet.setSetting("margin", "2");
  await expect(page.getByTestId("setting-margin-error")).toContainText(
    "マージン「2」は時間ではありません。単位を付けて書いてください（例: 1s、500ms、1.5秒）",
  );
  // The two refusals are 400s in the console; nothing else went wrong.
  expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  await context.close();
});
