import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { expectTexts, SheetPage, SheetsPage, test } from "./fixtures/workbench";

/** The mesh of `fixtures/configs/mesh/`. */
const MESH = join(__dirname, "..", "..", "fixtures", "configs", "mesh", "reviews");

/** An Istio VirtualService: a 10 s route timeout, 3 retries of 2 s each. */
const VS = readFileSync(join(MESH, "routes.yaml"), "utf8");

/** The DestinationRule of its host: a 1 s connect timeout. */
const DR = readFileSync(join(MESH, "traffic-policy.yaml"), "utf8");

/** The VirtualService as edited: 4 retries of 3 s each. */
const EDITED_VS = VS.replace("attempts: 3", "attempts: 4").replace("perTryTimeout: 2s", "perTryTimeout: 3s");

function files(vs: string): { name: string; mimeType: string; buffer: Buffer }[] {
  return [
    { name: "mesh/reviews/routes.yaml", mimeType: "application/yaml", buffer: Buffer.from(vs) },
    { name: "mesh/reviews/traffic-policy.yaml", mimeType: "application/yaml", buffer: Buffer.from(DR) },
  ];
}

/** Chooses the VirtualService `vs` and the DestinationRule in the configuration card `card`
 * (the sheets page's, or a sheet's), and checks the card names both files. */
async function chooseFiles(card: Page | Locator, vs: string): Promise<void> {
  await card.getByTestId("config-files").setInputFiles(files(vs));
  await expect(card.getByTestId("config-chosen")).toHaveText(
    "2 files chosen: mesh/reviews/routes.yaml, mesh/reviews/traffic-policy.yaml",
  );
}

/** A sheet made from the two files through the sheets page; its page. */
async function meshSheet(page: Page): Promise<SheetPage> {
  const sheets = new SheetsPage(page);
  await sheets.open();
  await chooseFiles(page, VS);
  await page.getByTestId("config-name").fill("reviews mesh");
  await page.getByTestId("config-submit").click();
  await page.waitForURL(/\/sheets\/\d+$/);
  const sheet = new SheetPage(page);
  await sheet.hydrated();
  await expect(page.locator("[data-testid^=row-]")).toHaveCount(5);
  return sheet;
}

test("edited configuration files become a proposal whose review traces the change", async ({ page, crashes }) => {
  const sheet = await meshSheet(page);
  const id = sheet.id();

  const card = page.getByTestId("sheet-config");
  await chooseFiles(card, EDITED_VS);
  await card.getByTestId("config-propose").click();
  await page.waitForURL(new RegExp(`/sheets/${id}/proposals/1$`));

  await expect(page.getByTestId("proposal-title")).toHaveText("Proposal 1: Values from configuration files: 2 rows changed, 0 added");
  await expect(page.getByTestId("diff-headline")).toHaveText("errors 0 → 0, warnings 1 → 1; no verdict changed (2 cells changed)");
  await expect(page.getByTestId("trace")).toHaveText("reviews.example.com -> reviews: tries 3 → 4, per-try timeout 2 s → 3 s");
  // No error comes with it, so approving it needs no "approve anyway".
  await expect(page.getByTestId("gate")).toHaveCount(0);
  // The sheet itself is unchanged until the proposal is approved.
  const stored = await (await page.request.get(`/api/v1/sheets/${id}`)).json();
  expect(stored.rows.map((r: { value: string }) => r.value)).toEqual(["reviews", "10s", "3", "2s", "1s"]);
  expect(crashes).toEqual([]);
});

test("files that set what the sheet says propose nothing, and say so", async ({ page }) => {
  await meshSheet(page);
  const card = page.getByTestId("sheet-config");
  await chooseFiles(card, VS);
  await card.getByTestId("config-propose").click();
  await expect(card.getByTestId("config-error")).toHaveText(
    "the files set what the sheet already says: nothing to propose",
  );
});

test("the sheet compared with edited files lists the drifted rows, each a link to its row", async ({ page, crashes }) => {
  const sheet = await meshSheet(page);

  const card = page.getByTestId("sheet-config");
  await chooseFiles(card, EDITED_VS);
  await card.getByTestId("config-compare").click();

  await expect(card.getByTestId("drift-summary")).toHaveText(
    "2 rows differ, 3 agree, 0 name no configuration file.",
  );
  const rows = card.getByTestId("drift-row");
  await expect(rows).toHaveCount(2);
  await expectTexts(rows.nth(0), {
    "drift-row-link": "3",
    "drift-setting": "retries.attempts",
    "drift-sheet": "3",
    "drift-file": "4",
    "drift-at": "mesh/reviews/routes.yaml:14",
    "drift-message": "row 3 retries.attempts: the sheet says 3; mesh/reviews/routes.yaml:14 says 4",
  });
  await expect(rows.nth(1).getByTestId("drift-message")).toHaveText(
    "row 4 retries.perTryTimeout: the sheet says 2s; mesh/reviews/routes.yaml:15 says 3s",
  );

  // The row's number goes to its value cell in the grid.
  await rows.nth(1).getByTestId("drift-row-link").click();
  await expect(sheet.cell(4, "value")).toBeFocused();

  // Only the VirtualService: the DestinationRule's row counts as gone.
  await card.getByTestId("config-files").setInputFiles([files(VS)[0]]);
  await expect(card.getByTestId("config-chosen")).toHaveText("1 file chosen: mesh/reviews/routes.yaml");
  await card.getByTestId("config-compare").click();
  await expect(card.getByTestId("drift-not-given")).toHaveText(
    "The sheet names files that were not chosen; their rows count as gone: mesh/reviews/traffic-policy.yaml",
  );
  await expect(card.getByTestId("drift-row")).toHaveCount(1);
  await expect(card.getByTestId("drift-row").getByTestId("drift-message")).toHaveText(
    "row 5 connectionPool.tcp.connectTimeout: the sheet says 1s; mesh/reviews/traffic-policy.yaml:10 no longer sets it: its default applies: 10s",
  );
  expect(crashes).toEqual([]);
});
