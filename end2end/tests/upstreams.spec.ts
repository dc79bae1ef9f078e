import { expect } from "@playwright/test";
import { expectTexts, SheetPage, test } from "./fixtures/workbench";

// ingress-nginx tries the next of 3 pods on a timeout: 3 × (5 s + 60 s) = 195 s behind a
// client that waits 100 s.
test("an ingress that tries three upstreams inverts the client -> ingress hop", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "ingress-nginx-upstreams.tsv");

  await expectTexts(sheet.hop("ingress -> app"), { tries: "3", "per-try": "1 min 5 s", worst: "3 min 15 s" });
  await expect(sheet.hop("client -> ingress").getByTestId("verdict")).toHaveText("inverted");

  await sheet.expectOnlyFinding("inversion.hop", {
    severity: "error",
    message: "client waits 1 min 40 s for ingress, which may take 3 min 15 s plus a 1.0 s margin",
    numbers: "bound 1 min 40 s · need 3 min 16 s · short by 1 min 36 s · 1 try fits",
    // The only checked fix: the three tries are upstream pods, not a tries row to cut.
    fix: "raise client -> ingress's deadline to 3 min 16 s",
  });
  await sheet.expectFlagged([1, 2, 3, 4], "error");
  await sheet.expectNotFlagged([5]);
  await expect(sheet.summary()).toHaveText("1 inversion, 0 warnings");
  expect(crashes).toEqual([]);
});
