import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// The ALB keeps idle connections to the app 60 s; Node.js's server.keepAliveTimeout is left at
// its 5 s default: the ALB may send on a connection the app is closing (502 / reset).
test("an idle timeout shorter on the callee than on the caller is an idle.direction error", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "alb-node-keepalive.tsv");

  const finding = await sheet.expectOnlyFinding("idle.direction", {
    severity: "error",
    message:
      "ALB -> app: app keeps idle connections 5.0 s, not longer than ALB's 1 min: ALB may send on a connection app is closing (502 / reset)",
    numbers: "bound 5.0 s · need 1 min · short by 55.0 s",
    fix: "keep app's idle connections longer than ALB's, e.g. 1 min 5 s, or lower ALB's idle timeout below 5.0 s",
  });
  await expect(finding.getByTestId("code")).toHaveText("idle.direction");
  await sheet.expectFlagged([1, 2], "error");
  await sheet.expectNotFlagged([3, 4, 5]);
  await expect(sheet.summary()).toHaveText("0 inversions, 1 other error, 0 warnings");

  // Row 2's value is "—": the default column's 5000 (ms, Node.js's unit) applies.
  await expect(sheet.row(2).getByTestId("derived-note")).toHaveText(
    "Node.js: server.keepAliveTimeout; row 2: no value set; the default column's 5.0 s applies",
  );
  expect(crashes).toEqual([]);
});
