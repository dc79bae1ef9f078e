import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// The rulebook's safety findings on one payments design (fixtures/payments-safety.tsv):
// a non-idempotent call retried without a key, a lock timeout above the statement timeout,
// Node's headersTimeout not above its keepAliveTimeout (the rule of Node.js before 12.19, which
// the sheet's location names), Istio's default retries unsaid, and its default connect timeout.
test("unsafe, hidden and paired settings are findings on their rows", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "payments-safety.tsv");
  await expect(sheet.summary()).toHaveText("0 inversions, 4 warnings");

  await sheet.expectFinding(sheet.finding("retry.unsafe"), {
    severity: "warning",
    message:
      "gateway -> payments may be tried 3 times but is marked non-idempotent without an idempotency key: a retried request may be applied twice",
    numbers: "attempts 3",
    fix: "use 1 try on gateway -> payments, or send an idempotency key and mark it so",
  });
  await sheet.expectFinding(sheet.finding("lock.not_below_statement"), {
    severity: "warning",
    message:
      "payments -> DB: the lock timeout (5.0 s) is not below the statement timeout (2.0 s): a lock wait and a slow statement can no longer be told apart",
    numbers: "bound 2.0 s · need 5.0 s · short by 3.0 s",
    fix: "set the lock timeout below the statement timeout, e.g. 1.0 s",
  });
  await expect(sheet.finding("setting.pair").getByTestId("message")).toContainText(
    "Node.js: server.headersTimeout (1 min) must be longer than server.keepAliveTimeout (1 min 5 s): ",
  );
  await sheet.expectFinding(sheet.finding("retry.hidden"), {
    severity: "warning",
    message:
      "gateway -> ledger: Istio retries by default (3 tries, HTTPRetry.attempts, on connect-failure, refused-stream, unavailable, 503) and the sheet says nothing of it",
    fix: "write Istio's tries and waits and its retry conditions on gateway -> ledger, or turn its retries off",
  });
  await sheet.expectFlagged([2, 3, 4, 5, 6, 7, 9], "warning");
  // Istio's sidecar connects within its documented 10 s when no connect timeout is written:
  // an info on the Istio hops, the only finding on row 1.
  await expect(sheet.finding("value.default_applied").first().getByTestId("message")).toHaveText(
    "gateway -> payments: no connect timeout documented; Istio's documented default for ConnectionPoolSettings.TCPSettings.connectTimeout, 10.0 s, applies",
  );
  await sheet.expectFlagged([1], "info");
  await sheet.expectNotFlagged([8]);
  expect(crashes).toEqual([]);
});
