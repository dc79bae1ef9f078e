import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// Three client layers each retrying: 3 × 3 = 9 attempts reach orders, 3 × 3 × 5 = 45 reach
// payments, for one request of the web client.
test("retries at three layers multiply into two retry.amplification warnings", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "three-client-layers.tsv");

  const findings = sheet.finding("retry.amplification");
  await expect(findings).toHaveCount(2);
  // One warning a service, in this order: the attempts that reach it, their product, and the
  // tries rows that multiply into it.
  const amplified = [
    { service: "orders", attempts: 9, product: "3 × 3", rows: "rows 2, 4" },
    { service: "payments", attempts: 45, product: "3 × 3 × 5", rows: "rows 2, 4, 6" },
  ];
  for (const [i, { service, attempts, product, rows }] of amplified.entries()) {
    await sheet.expectFinding(findings.nth(i), {
      severity: "warning",
      message: `${service} may receive ${attempts} attempts for one request (${product}), more than the sheet's threshold of 3`,
      numbers: `threshold 3 · attempts ${attempts}`,
      fix: "retry at one layer only (the outermost that knows the deadline), and use 1 try at the others",
    });
    await expect(findings.nth(i)).toContainText(rows);
  }

  // The tries rows are highlighted as warnings; the per-try rows carry only slack.none infos.
  await sheet.expectFlagged([2, 4, 6], "warning");
  await sheet.expectFlagged([1, 3], "info");
  await sheet.expectNotFlagged([5]);
  await expect(sheet.summary()).toHaveText("0 inversions, 2 warnings");
  expect(crashes).toEqual([]);
});
