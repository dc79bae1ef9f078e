import { expect, test } from "@playwright/test";
import { SheetPage, watchForCrashes } from "./fixtures/workbench";

const G2_TRACE =
  "app -> external API: read 1.5 s → 3 s, tries 2 → 3 (waits 0.3 s → 0.5 s, 1.0 s); worst 4.3 s → 12.0 s; " +
  "app need 7.8 s → 15.5 s against its 8.0 s deadline: now inverted, short by 7.5 s, 1 try fits; " +
  "LB -> app and browser -> LB unchanged (they wait on app's 8.0 s deadline, not on its need)";

test("a proposal of three tries is reviewed: the trace shows the app inverted, the gate asks for a comment, and it is rejected", async ({ page }) => {
  const crashes = watchForCrashes(page);
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  const id = sheet.id(); // the proposal pages' addresses end in the proposal's id
  await page.getByTestId("author").fill("alice");
  await page.getByTestId("save-author").click();
  await expect(page.getByTestId("author-note")).toHaveText("Your changes are saved as alice.");

  // Propose G2's two cells instead of saving them.
  await page.getByTestId("propose-link").click();
  await sheet.hydrated();
  await page.getByTestId("proposal-title").fill("three tries for the external API");
  await sheet.type(7, "value", "3s");
  await sheet.type(8, "value", "3 tries, waits 0.5s, 1.0s");
  await page.getByTestId("submit-proposal").click();
  await page.waitForURL(/\/proposals\/1$/);
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

  // Approving without "approve anyway" is stopped by the gate.
  await page.getByTestId("approve").click();
  await expect(page.getByTestId("decide-error")).toHaveText(
    "this proposal brings a new error (inversion.node: app's deadline (8.0 s) ends before its calls may (15.5 s)); approving it needs \"approve anyway\" and a comment",
  );
  await page.screenshot({ path: "test-results/proposal-gate.png", fullPage: true });
  // Rejected, with a comment.
  await page.getByTestId("decision-comment").fill("the app cannot wait 15.5 s");
  await page.getByTestId("reject").click();
  await expect(page.getByTestId("proposal-status")).toHaveText("By alice, from revision 1; rejected by alice.");
  await expect(page.getByTestId("decision-note")).toHaveText("“the app cannot wait 15.5 s”");
  await expect(page.getByTestId("decide-form")).toHaveCount(0);
  const after = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  expect(after.rows[6].value).toBe("1.5s");
  expect(crashes.filter((e) => !e.includes("409"))).toEqual([]);
});

test("a proposal's author edits it on the sheet as it is now: its base moves on and a comment on a changed cell says so", async ({ page }) => {
  const crashes = watchForCrashes(page);
  const sheet = await SheetPage.importFixture(page, "reservation-en.tsv");
  const id = sheet.id();
  await page.getByTestId("propose-link").click();
  await sheet.hydrated();
  await page.getByTestId("proposal-title").fill("a longer read timeout");
  await sheet.type(7, "value", "3s");
  // The proposal's change is drawn on its grid as it is typed.
  await expect(sheet.row(7).getByTestId("cell-old")).toHaveText("1.5s");
  await page.getByTestId("submit-proposal").click();
  await page.waitForURL(/\/proposals\/1$/);
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
  await page.getByTestId("submit-proposal").click();
  await page.waitForURL(/\/proposals\/1$/);

  await expect(page.getByTestId("proposal-title")).toHaveText("Proposal 1: a longer read timeout, fewer tries");
  await expect(page.getByTestId("proposal-status")).toHaveText("By anonymous, from revision 2; open.");
  await expect(page.getByTestId("stale")).toHaveCount(0);
  await expect(page.getByTestId("diff-headline")).toContainText("(2 cells changed)");
  await expect(page.getByTestId("changed-since")).toHaveCount(1);
  const stored = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  expect(stored.rows[6].value).toBe("1.5s");
  expect(crashes).toEqual([]);
});
