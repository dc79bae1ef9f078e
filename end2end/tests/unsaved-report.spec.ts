import { Browser, expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// The sheet page's summary never says less than the truth: when the report is of rows that
// are not saved, the summary opens with what it is of, until the rows are saved again. (A
// page past 5,000 rows is covered by the unit tests of `app::report_basis` and the server's
// `report_basis` tests: a page of 5,001 rows is more than a browser here draws in a test's
// time.)

/** A person of their own (their own cookies) on the sheet at `url`, named `name`; the note
 * that confirms the name is in the page's language, so only the name in it is checked. */
async function person(
  browser: Browser,
  url: string,
  name: string,
  opts: { live?: boolean; locale?: string } = {},
): Promise<SheetPage> {
  const sheet = await SheetPage.openAsAnother(browser, url, opts);
  await sheet.page.getByTestId("author").fill(name);
  await sheet.page.getByTestId("save-author").click();
  await expect(sheet.page.getByTestId("author-note")).toContainText(name);
  return sheet;
}

test("during a conflict the report is of your rows and says so; after the choice the plain summary is back", async ({ page, crashes, browser }) => {
  const bob = await SheetPage.importFixture(page, "reservation-en.tsv");
  await bob.setAuthor("bob");
  // Alice's page misses the live updates.
  const alice = await person(browser, page.url(), "alice", { live: false });

  // Bob raises the external API's read timeout to 4 s: (0.5 + 4.0) × 2 + 0.3 = 9.3 s, the
  // app needs 3.0 + 9.3 + 0.5 = 12.8 s.
  await bob.typeSaved(7, "value", "4s");
  await expect(bob.node("app").getByTestId("need")).toHaveText("12.8 s");

  // Alice, who has not seen it, sets 5 s: (0.5 + 5.0) × 2 + 0.3 = 11.3 s, need 14.8 s.
  await alice.type(7, "value", "5s");
  await expect(alice.saveStatus()).toHaveText("Not saved: 1 cell changed elsewhere");
  await expect(alice.page.getByTestId("conflict-text")).toHaveText(
    "Row 7, value: yours “5s”, theirs “4s” (it was “1.5s”).",
  );
  // The report is of the rows on her screen (her 5 s), and the summary says so.
  await expect(alice.page.getByTestId("report-basis")).toHaveText(
    "This report is of your rows, not yet saved: your value in row 7 conflicts with bob's change. Choose above which to keep.",
  );
  await expect(alice.node("app").getByTestId("need")).toHaveText("14.8 s");
  await expect(alice.summary()).toHaveText(
    "This report is of your rows, not yet saved: your value in row 7 conflicts with bob's change. Choose above which to keep. 1 inversion, 0 warnings",
  );
  await expect(alice.summary()).toHaveClass(/summary-unsaved/);
  // Still hers after more typing elsewhere on the page.
  await alice.type(12, "rationale", "alice's note");
  await expect(alice.node("app").getByTestId("need")).toHaveText("14.8 s");
  await expect(alice.page.getByTestId("report-basis")).toHaveCount(1);

  // She takes Bob's value: the report is of the sheet as saved, and the summary is plain.
  await alice.page.getByTestId("take-theirs").click();
  await expect(alice.saveStatus()).toHaveText("Saved");
  await expect(alice.cell(7, "value")).toHaveValue("4s");
  await expect(alice.node("app").getByTestId("need")).toHaveText("12.8 s");
  await expect(alice.page.getByTestId("report-basis")).toHaveCount(0);
  await expect(alice.summary()).toHaveText("1 inversion, 0 warnings");
  expect(crashes).toEqual([]);
});

test("the conflict's summary is in Japanese on the Japanese page, and keeping yours brings the plain summary back", async ({ page, browser }) => {
  const bob = await SheetPage.importFixture(page, "reservation-en.tsv");
  await bob.setAuthor("bob");
  const alice = await person(browser, page.url(), "alice", { live: false, locale: "ja-JP" });

  await bob.typeSaved(7, "value", "4s");
  await alice.type(7, "value", "5s");
  await expect(alice.saveStatus()).toHaveText("保存していません：ほかで変更されたセル 1");
  await expect(alice.page.getByTestId("report-basis")).toHaveText(
    "この報告は、まだ保存されていないあなたの行についてのものです：行 7 のあなたの設定値が bob の変更と競合しています。上でどちらにするか選んでください。",
  );
  await expect(alice.node("app").getByTestId("need")).toHaveText("14.8 s");

  await alice.page.getByTestId("keep-mine").click();
  await expect(alice.saveStatus()).toHaveText("保存しました");
  await expect(alice.page.getByTestId("report-basis")).toHaveCount(0);
  await expect(alice.node("app").getByTestId("need")).toHaveText("14.8 s");
  await expect(alice.summary()).toHaveText("1 inversion, 0 warnings");
});
