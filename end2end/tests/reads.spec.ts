import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// golden.md G4: besides the inversion on LB -> app, both hops are bounded only by connect and
// read timeouts (intervals), with no deadline on caller, hop or callee.
test("hops bounded only by read intervals get two read.interval_only warnings besides the inversion", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "inverted-lb.tsv");

  await sheet.expectOnlyFinding("inversion.hop", {
    severity: "error",
    message: "LB waits 5.0 s for app, which may take 13.5 s plus a 1.0 s margin",
    numbers: "bound 5.0 s · need 14.5 s · short by 9.5 s · 1 try fits",
    fix: "raise LB -> app's read timeout to 14.5 s, or reduce app -> external API to 1 try",
  });

  const reads = sheet.finding("read.interval_only");
  await expect(reads).toHaveCount(2);
  // One warning a hop, in this order: its caller, the need it is held past, and its rows.
  const intervalOnly = [
    { hop: "LB -> app", caller: "LB", need: "6.0 s", rows: "rows 1, 2" },
    { hop: "app -> external API", caller: "app", need: "4.0 s", rows: "rows 3, 4, 5" },
  ];
  for (const [i, { hop, caller, need, rows }] of intervalOnly.entries()) {
    await sheet.expectFinding(reads.nth(i), {
      severity: "warning",
      message: `${hop}: bounded only by connect and read timeouts, which are intervals: a peer that sends a byte every few seconds holds the call far past ${need}`,
      numbers: `need ${need}`,
      fix: `add a per-try timeout or a deadline on ${hop}, or a deadline on ${caller}`,
    });
    await expect(reads.nth(i)).toContainText(rows);
  }

  // The warnings' rows are all named by the inversion too: the worst severity, error, shows.
  await sheet.expectFlagged([1, 2, 3, 4, 5], "error");
  await expect(sheet.summary()).toHaveText("1 inversion, 2 warnings");
  expect(crashes).toEqual([]);
});
