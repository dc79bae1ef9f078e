import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// SQS redelivers after its 30 s visibility timeout; the worker's job may take 60 s.
test("a visibility timeout shorter than the job is a queue.redelivery error", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "queue-visibility.tsv");

  await sheet.expectOnlyFinding("queue.redelivery", {
    severity: "error",
    message:
      "queue -> worker: the queue redelivers a job after 30.0 s, but worker may take 1 min plus a 1.0 s margin: the job runs twice",
    numbers: "bound 30.0 s · need 1 min 1 s · short by 31.0 s",
    fix: "raise queue -> worker's visibility timeout to 1 min 1 s, or lower worker's deadline to 29.0 s",
  });
  await sheet.expectFlagged([1], "error");
  await sheet.expectNotFlagged([2]);
  await expect(sheet.summary()).toHaveText("0 inversions, 1 other error, 0 warnings");
  await expect(sheet.hop("queue -> worker").getByTestId("verdict")).toHaveText("inverted");
  expect(crashes).toEqual([]);
});
