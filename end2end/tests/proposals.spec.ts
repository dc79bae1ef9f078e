import { expect, type Page } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

const G2_TRACE =
  "app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst 4.3 s → 12.0 s; " +
  "app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by 7.5 s, 1 try fits; " +
  "LB -> app and browser -> LB unchanged (they wait on app's 8.0 s deadline, not on its need)";

/** Opens the propose page from the sheet's page (the sheet's rows, to edit as a proposal),
 * and fills in the proposal's `title` if given. */
async function startProposal(sheet: SheetPage, title?: string): Promise<void> {
  await sheet.page.getByTestId("propose-link").click();
  await sheet.hydrated();
  if (title !== undefined) await sheet.page.getByTestId("proposal-title").fill(title);
}

/** Submits the proposal being edited and waits on its page: the sheet's first proposal. */
async function submitProposal(page: Page): Promise<void> {
  await page.getByTestId("submit-proposal").click();
  await page.waitForURL(/\/proposals\/1$/);
}

test("a proposal of three tries is reviewed: the trace shows the app inverted, the gate asks for a comment, and it is rejected", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  const id = sheet.id(); // the proposal pages' addresses end in the proposal's id
  await sheet.setAuthor("alice");

  // Propose G2's two cells instead of saving them.
  await startProposal(sheet, "three tries for the external API");
  await sheet.typeG2();
  await submitProposal(page);
  await expect(page.getByTestId("proposal-status")).toHaveText("By alice, from revision 1; open.");
  await expect(page.getByTestId("diff-headline")).toHaveText(
    "errors 0 → 1, warnings 0 → 0; app: ok → inverted, short by 7.5 s (2 cells changed)",
  );
  await expect(page.getByTestId("trace")).toHaveText(G2_TRACE);
  await expect(page.getByTestId("gate")).toHaveText(
    "This proposal brings a new error. Approving it needs “approve anyway” and a comment saying why.",
  );
  // The sheet itself is unchanged.
  const stored = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  expect(stored.rows[6].value).toBe("1.5s");

  // A comment on the tries cell.
  await page.getByTestId("comment-cell").selectOption({ label: "Row 8, value" });
  await page.getByTestId("comment-text").fill("why three?");
  await page.getByTestId("add-comment").click();
  await expect(page.getByTestId("comment")).toHaveCount(1);
  await expect(page.getByTestId("comment-place")).toHaveText("Row 8, value: ");
  await expect(page.getByTestId("comment-body")).toHaveText("why three?");

  // Approving without "approve anyway" is stopped by the gate; the address stays the
  // proposal's.
  const proposalPath = `/sheets/${id}/proposals/1`;
  await page.getByTestId("approve").click();
  await expect(page.getByTestId("decide-error")).toHaveText(
    "this proposal brings a new error (inversion.node: app's deadline (8.0 s) ends before its calls may (15.5 s)); approving it needs \"approve anyway\" and a comment",
  );
  expect(address(page)).toBe(proposalPath);
  await page.screenshot({ path: "test-results/proposal-gate.png", fullPage: true });
  // "Approve anyway" ticked without a comment: the comment is what is missing, and the box
  // stays ticked.
  await page.getByTestId("approve-anyway").check();
  await page.getByTestId("approve").click();
  await expect(page.getByTestId("decide-error")).toHaveText(
    "\"approve anyway\" needs a comment: write why the new error is accepted",
  );
  expect(address(page)).toBe(proposalPath);
  await expect(page.getByTestId("approve-anyway")).toBeChecked();
  // Rejected, with a comment: back at the proposal's address, without the error.
  await page.getByTestId("decision-comment").fill("the app cannot wait 15.5 s");
  await page.getByTestId("reject").click();
  await expect(page.getByTestId("proposal-status")).toHaveText("By alice, from revision 1; rejected by alice.");
  expect(address(page)).toBe(proposalPath);
  await expect(page.getByTestId("decide-error")).toHaveCount(0);
  await expect(page.getByTestId("decision-note")).toHaveText("“the app cannot wait 15.5 s”");
  await expect(page.getByTestId("decide-form")).toHaveCount(0);
  const after = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  expect(after.rows[6].value).toBe("1.5s");
  expect(crashes.filter((e) => !e.includes("409"))).toEqual([]);
});

test("a proposal's author edits it on the sheet as it is now: its base moves on and a comment on a changed cell says so", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  const id = sheet.id();
  await startProposal(sheet, "a longer read timeout");
  await sheet.type(7, "value", "3s");
  // The proposal's change is drawn on its grid as it is typed.
  await expect(sheet.row(7).getByTestId("cell-old")).toHaveText("1.5s");
  await submitProposal(page);
  await page.getByTestId("comment-cell").selectOption({ label: "Row 7, value" });
  await page.getByTestId("comment-text").fill("is 3s enough?");
  await page.getByTestId("add-comment").click();
  await expect(page.getByTestId("comment")).toHaveCount(1);

  // Someone saves another cell of the sheet: the proposal is stale.
  const current = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  const patched = await page.request.patch(`/api/v1/sheets/${id}`, {
    headers: { "if-match": `"${current.revision}"`, "content-type": "application/json" },
    data: { cells: [{ row_id: current.row_ids[0], column: "value", base: "12s", value: "13s" }] },
  });
  expect(patched.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("stale")).toContainText("revision 1 → 2");

  // Its author edits it: the title and its rows as the proposal gives them, on the rows of now.
  await page.getByTestId("edit-proposal").click();
  await page.waitForURL(/\/proposals\/1\/edit$/);
  await sheet.hydrated();
  await expect(page.getByTestId("proposal-title")).toHaveValue("a longer read timeout");
  await expect(sheet.cell(7, "value")).toHaveValue("3s");
  await expect(sheet.cell(1, "value")).toHaveValue("13s");
  await expect(sheet.row(7).getByTestId("cell-old")).toHaveText("1.5s");
  await expect(sheet.row(1).getByTestId("cell-old")).toHaveCount(0);
  await page.getByTestId("proposal-title").fill("a longer read timeout, fewer tries");
  await sheet.type(7, "value", "2s");
  await sheet.type(8, "value", "1 try");
  await page.screenshot({ path: "test-results/proposal-edit.png", fullPage: true });
  await submitProposal(page);

  await expect(page.getByTestId("proposal-title")).toHaveText("Proposal 1: a longer read timeout, fewer tries");
  await expect(page.getByTestId("proposal-status")).toHaveText("By anonymous, from revision 2; open.");
  await expect(page.getByTestId("stale")).toHaveCount(0);
  await expect(page.getByTestId("diff-headline")).toContainText("(2 cells changed)");
  await expect(page.getByTestId("changed-since")).toHaveCount(1);
  const stored = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  expect(stored.rows[6].value).toBe("1.5s");
  expect(crashes).toEqual([]);
});

/** Sets the name this browser's changes are made under, on the sheet page of `id`. */
async function setName(sheet: SheetPage, id: number, name: string): Promise<void> {
  await sheet.page.goto(`/sheets/${id}`);
  await sheet.hydrated();
  await sheet.setAuthor(name);
}

/** The page's language for every address of the site, as the header's switch sets it. */
async function setUiLang(page: Page, lang: "en" | "ja"): Promise<void> {
  const site = new URL(page.url());
  await page.context().addCookies([{ name: "ui-lang", value: lang, domain: site.hostname, path: "/" }]);
}

/** The page's address without its origin: path and query. */
function address(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

test("a proposal approved anyway is on the record: the history names its proposer, its reviewer and the comment, in English and Japanese", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  const id = sheet.id();
  await setName(sheet, id, "alice");
  await startProposal(sheet, "three tries for the external API");
  await sheet.typeG2();
  await submitProposal(page);

  // Bob reviews it in Japanese: "approve anyway" without a comment says what is missing.
  await setName(sheet, id, "bob");
  await setUiLang(page, "ja");
  await page.goto(`/sheets/${id}/proposals/1`);
  await page.getByTestId("approve-anyway").check();
  await page.getByTestId("approve").click();
  await expect(page.getByTestId("decide-error")).toHaveText(
    "「それでも承認」にはコメントが必要です。新しいエラーを受け入れる理由を書いてください",
  );
  expect(address(page)).toBe(`/sheets/${id}/proposals/1`);
  await expect(page.getByTestId("approve-anyway")).toBeChecked();
  // With the comment, the box still ticked: approved, and still at the proposal's address.
  await page.getByTestId("decision-comment").fill("the deadline is raised next");
  await page.getByTestId("approve").click();
  await expect(page.getByTestId("proposal-status")).toContainText("bob が承認（版 2）");
  expect(address(page)).toBe(`/sheets/${id}/proposals/1`);

  // The history, in Japanese then in English.
  await page.goto(`/sheets/${id}/history`);
  const newest = page.getByTestId("revision").first();
  await expect(newest.getByTestId("revision-author")).toHaveText("alice が提案 · bob が承認");
  await expect(newest.getByTestId("revision-gate-note")).toHaveText("それでも承認：「the deadline is raised next」");
  await setUiLang(page, "en");
  await page.reload();
  await expect(newest.getByTestId("revision-author")).toHaveText("proposed by alice · approved by bob");
  await expect(newest.getByTestId("revision-kind")).toHaveText(
    "saved · proposal 1: three tries for the external API · approved anyway: “the deadline is raised next”",
  );
  await expect(newest.getByTestId("revision-inversions")).toHaveText("1");
  await page.screenshot({ path: "test-results/history-approved.png", fullPage: true });
  await newest.getByTestId("revision-proposal").click();
  expect(address(page)).toBe(`/sheets/${id}/proposals/1`);
  expect(crashes.filter((e) => !e.includes("409"))).toEqual([]);
});

test("the propose page's report follows the typing, and a fix applied there changes the proposal, not the sheet", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  const id = sheet.id();
  await startProposal(sheet);
  await expect(sheet.summary()).toHaveText("0 inversions, 0 warnings");
  await expect(sheet.node("app").getByTestId("need")).toHaveText("7.8 s");

  // G2 typed into the proposal: its report says the app is inverted, as the sheet page would.
  await sheet.typeG2();
  await expect(sheet.summary()).toHaveText("1 inversion, 0 warnings");
  await expect(sheet.node("app").getByTestId("need")).toHaveText("15.5 s");
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("inverted");
  const apply = sheet.finding("inversion.node").getByTestId("apply-fix");
  await expect(apply.first()).toHaveText("Apply: reduce app -> external API to 1 try");
  await page.screenshot({ path: "test-results/propose-report.png", fullPage: true });

  // Its fix changes the proposal's rows and its report.
  await apply.first().click();
  await expect(sheet.cell(8, "value")).toHaveValue("1 try");
  await expect(sheet.summary()).toHaveText("0 inversions, 0 warnings");
  await expect(sheet.node("app").getByTestId("verdict")).toHaveText("ok");
  const stored = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  expect([stored.rows[6].value, stored.rows[7].value]).toEqual(["1.5s", "2 tries, waits 0.3s"]);
  expect(crashes).toEqual([]);
});
