import { expect, test } from "@playwright/test";
import { SheetPage, watchForCrashes } from "./fixtures/workbench";

// Three client layers each retrying: 3 × 3 = 9 attempts reach orders, 3 × 3 × 5 = 45 reach
// payments, for one request of the web client.
test("retries at three layers multiply into two retry.amplification warnings", async ({ page }) => {
  const crashes = watchForCrashes(page);
  const sheet = await SheetPage.importFixture(page, "three-client-layers.tsv");

  const findings = sheet.finding("retry.amplification");
  await expect(findings).toHaveCount(2);
  const fix = "retry at one layer only (the outermost that knows the deadline), and use 1 try at the others";
  await sheet.expectFinding(findings.nth(0), {
    severity: "warning",
    message: "orders may receive 9 attempts for one request (3 × 3), more than the sheet's threshold of 3",
    numbers: "threshold 3 · attempts 9",
    fix,
  });
  await expect(findings.nth(0)).toContainText("rows 2, 4");
  await sheet.expectFinding(findings.nth(1), {
    severity: "warning",
    message: "payments may receive 45 attempts for one request (3 × 3 × 5), more than the sheet's threshold of 3",
    numbers: "threshold 3 · attempts 45",
    fix,
  });
  await expect(findings.nth(1)).toContainText("rows 2, 4, 6");

  // The tries rows are highlighted as warnings; the per-try rows carry only slack.none infos.
  await sheet.expectFlagged([2, 4, 6], "warning");
  await sheet.expectFlagged([1, 3], "info");
  await sheet.expectNotFlagged([5]);
  await expect(sheet.summary()).toHaveText("0 inversions, 2 warnings");
  expect(crashes).toEqual([]);
});
