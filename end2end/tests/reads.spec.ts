import { expect, test } from "@playwright/test";
import { SheetPage, watchForCrashes } from "./fixtures/workbench";

// golden.md G4: besides the inversion on LB -> app, both hops are bounded only by connect and
// read timeouts (intervals), with no deadline on caller, hop or callee.
test("hops bounded only by read intervals get two read.interval_only warnings besides the inversion", async ({ page }) => {
  const crashes = watchForCrashes(page);
  const sheet = await SheetPage.importFixture(page, "inverted-lb.tsv");

  const inversion = sheet.finding("inversion.hop");
  await expect(inversion).toHaveCount(1);
  await sheet.expectFinding(inversion, {
    severity: "error",
    message: "LB waits 5.0 s for app, which may take 13.5 s plus a 1.0 s margin",
    numbers: "bound 5.0 s · need 14.5 s · short by 9.5 s · 1 try fits",
    fix: "raise LB -> app's read timeout to 14.5 s, or reduce app -> external API to 1 try",
  });

  const reads = sheet.finding("read.interval_only");
  await expect(reads).toHaveCount(2);
  await sheet.expectFinding(reads.nth(0), {
    severity: "warning",
    message:
      "LB -> app: bounded only by connect and read timeouts, which are intervals: a peer that sends a byte every few seconds holds the call far past 6.0 s",
    numbers: "need 6.0 s",
    fix: "add a per-try timeout or a deadline on LB -> app, or a deadline on LB",
  });
  await expect(reads.nth(0)).toContainText("rows 1, 2");
  await sheet.expectFinding(reads.nth(1), {
    severity: "warning",
    message:
      "app -> external API: bounded only by connect and read timeouts, which are intervals: a peer that sends a byte every few seconds holds the call far past 4.0 s",
    numbers: "need 4.0 s",
    fix: "add a per-try timeout or a deadline on app -> external API, or a deadline on app",
  });
  await expect(reads.nth(1)).toContainText("rows 3, 4, 5");

  // The warnings' rows are all named by the inversion too: the worst severity, error, shows.
  await sheet.expectFlagged([1, 2, 3, 4, 5], "error");
  await expect(sheet.summary()).toHaveText("1 inversion, 2 warnings");
  expect(crashes).toEqual([]);
});
