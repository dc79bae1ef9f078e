import { expect } from "@playwright/test";
import { expectTexts, SheetPage, test } from "./fixtures/workbench";

// golden.md G6 and G7: the redirector retries only connecting and sending the header, on each
// of 2 web containers, so its worst case is 140 s; retrying on 4xx, 5xx and timeouts repeats
// whole tries (280 s) and the browser's 150 s wait is inverted.
test("editing the redirector's retry conditions takes its hop from 140 s to 280 s and inverts the browser's wait", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "redirector-retries.tsv");

  await expect(sheet.row(6).getByTestId("derived-kind")).toHaveText("retry conditions");
  await expect(sheet.row(6).getByTestId("derived-kind")).toHaveAttribute("data-kind", "retry_on");
  await expect(sheet.row(6).getByTestId("derived-parsed")).toHaveText("connect-failure, connect-timeout, header-send");
  const inner = sheet.hop("web server -> web container");
  await expectTexts(inner, {
    "per-try": "35.0 s",
    worst: "2 min 20 s",
    formula: "(2 × 4 − 1) × (5 + 10) + (5 + 30) = 140.0 s",
    repeats:
      "retried only before the request arrives (connect-failure, connect-timeout, header-send): a failed try costs 15.0 s, the request arrives once",
  });
  const outer = sheet.hop("browser -> web server");
  await expectTexts(outer, { verdict: "ok", slack: "9.0 s" });
  await expect(sheet.finding("retry.unsafe")).toHaveCount(0);
  await expect(sheet.summary()).toHaveText("0 inversions, 1 warning");

  // G7: the browser's check turns inverted in the browser, before the save.
  await sheet.type(6, "value", "4xx, 5xx, timeout");
  await expect(inner.getByTestId("worst")).toHaveText("4 min 40 s", { timeout: 1_000 });
  await expect(inner.getByTestId("formula")).toHaveText("((5 + 30) × 4) × 2 upstreams = 280.0 s");
  await expect(inner.getByTestId("repeats")).toHaveText(
    "retries on 4xx, 5xx, timeout repeat whole tries: the request may arrive 8 times",
  );
  await expectTexts(outer, { verdict: "inverted", slack: "-2 min 11 s" });
  const inversion = sheet.finding("inversion.hop");
  await expect(inversion.getByTestId("message")).toHaveText(
    "browser waits 2 min 30 s for web server, which may take 4 min 40 s plus a 1.0 s margin",
  );
  await expect(inversion.getByTestId("numbers")).toContainText("bound 2 min 30 s · need 4 min 41 s · short by 2 min 11 s");
  await expect(sheet.finding("retry.unsafe")).toHaveCount(1);
  const pointless = sheet.finding("retry.pointless");
  await expect(pointless.getByTestId("message")).toHaveText(
    "web server -> web container retries on 4xx: a rejected request fails the same way again",
  );
  await expect(sheet.saveStatus()).toHaveText("Saved");

  // An unknown word is a finding on its row and loses nothing: the text stays as typed.
  await sheet.type(6, "value", "connect-failure, sometimes");
  await expect(sheet.row(6).getByTestId("derived-parsed")).toHaveText("?");
  await expect(sheet.cell(6, "value")).toHaveValue("connect-failure, sometimes");
  await expect(sheet.finding("value.unreadable").getByTestId("message")).toHaveText(
    "row 6: \"sometimes\" is not a retry condition, so \"connect-failure, sometimes\" cannot be read; the hop's retries are counted as whole tries",
  );

  // Back to the manual's conditions, and the edit survives a reload.
  await sheet.type(6, "value", "connect-failure, connect-timeout, header-send");
  await expect(inner.getByTestId("worst")).toHaveText("2 min 20 s");
  await sheet.reloadOnceSaved();
  await expect(sheet.cell(6, "value")).toHaveValue("connect-failure, connect-timeout, header-send");
  await expect(outer.getByTestId("verdict")).toHaveText("ok");
  expect(crashes).toEqual([]);
});
