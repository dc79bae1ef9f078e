import { expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fixture, SheetPage, test } from "./fixtures/workbench";

// The export downloads the sheet's TSV: for the examples, exactly the fixtures' bytes.
for (const lang of ["en", "ja"] as const) {
  test(`exporting the ${lang} example gives back the fixture's bytes`, async ({ page }) => {
    const sheet = await SheetPage.fromExample(page, lang);

    const downloading = page.waitForEvent("download");
    await page.getByTestId(`export-${lang}`).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.tsv$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.equals(fixture(`reservation-${lang}.tsv`))).toBe(true);

    // The same bytes as the API's export of the stored sheet.
    const api = await page.request.get(`/api/v1/sheets/${sheet.id()}/export.tsv?header=${lang}`);
    expect(Buffer.from(await api.body()).equals(bytes)).toBe(true);
  });
}

test("an edit is in the exported TSV, with the header in the other language on request", async ({ page }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  await sheet.typeSaved(3, "value", "9s");

  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-ja").click();
  const text = readFileSync(await (await downloading).path(), "utf8");
  const expected = fixture("reservation-en.tsv")
    .toString("utf8")
    .replace("layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale", "層\t区間\t項目\t設定名\t既定値\t設定値\t設定箇所\t根拠")
    .replace("proxy_read_timeout\t60s\t10s", "proxy_read_timeout\t60s\t9s");
  expect(text).toBe(expected);
});
