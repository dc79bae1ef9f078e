import { expect } from "@playwright/test";
import { expectTexts, SheetPage, test } from "./fixtures/workbench";

// golden.md G8: a gateway's two routes are alternatives. Its need is the longer route's
// 12.0 s and its own 0.2 s, 12.2 s against a 10 s deadline, not the 16.5 s a sum would give;
// the finding and its fixes concern gateway -> search only.
test("a route group's longest route decides the gateway's need, and only it is fixed", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "gateway-routes.tsv");

  await expect(sheet.row(3).getByTestId("derived-kind")).toHaveText("route group");
  await expect(sheet.row(3).getByTestId("derived-kind")).toHaveAttribute("data-kind", "routes");
  const gateway = sheet.node("gateway");
  await expectTexts(gateway, { verdict: "inverted", need: "12.2 s", slack: "-2.2 s" });
  await expect(gateway.getByTestId("formula")).toHaveText("max(orders 4.3, search 12.0) + own 0.2 = 12.2 s > 10.0 s");
  await expect(sheet.hop("gateway -> orders").getByTestId("worst")).toHaveText("4.3 s");
  await expect(sheet.hop("gateway -> search").getByTestId("worst")).toHaveText("12.0 s");

  const inversion = sheet.finding("inversion.node");
  await sheet.expectFinding(inversion, {
    severity: "error",
    message: "gateway's deadline (10.0 s) ends before its calls may (12.2 s)",
    numbers: "bound 10.0 s · need 12.2 s · short by 2.2 s · 2 tries fit",
    fix: "reduce gateway -> search to 2 tries, or raise gateway's deadline to 12.2 s",
  });
  await expect(inversion.getByTestId("rows")).toHaveText("rows 1, 2, 7, 8, 9, 10");
  await sheet.expectFlagged([1, 2, 7, 8, 9, 10], "error");
  await sheet.expectNotFlagged([3, 4, 5, 6]);

  // The picture's gateway bar holds the same need.
  const bar = page.getByTestId("budget-picture").locator('g.bar[data-name="gateway"]');
  await expect(bar).toHaveAttribute("data-need-ms", "12200");
  await expect(bar.locator("text.short-by")).toHaveText("short by 2.2 s");

  // Taking the routes out of their group sums them: 4.3 + 12.0 + 0.2 = 16.5 s.
  await sheet.type(3, "item", "notes");
  await sheet.type(7, "item", "notes");
  await expect(gateway.getByTestId("need")).toHaveText("16.5 s");
  expect(crashes).toEqual([]);
});
