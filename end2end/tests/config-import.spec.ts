import { expect } from "@playwright/test";
import { join } from "node:path";
import { SheetPage, SheetsPage, test } from "./fixtures/workbench";

/** The shared corpus of real configuration files, one folder per system (read, never copied). */
const CORPUS = join(__dirname, "..", "..", "..", "shared", "config-corpus");

test("a folder of Istio files becomes a sheet whose rows name their files and lines", async ({ page, crashes }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const before = await sheets.rows().count();

  // The folder as a browser hands it over: each file's path inside it.
  await page.getByTestId("config-folder").setInputFiles(join(CORPUS, "istio-kubox"));
  // Listed in the order the browser gives them.
  await expect(page.getByTestId("config-chosen")).toHaveText(
    /^2 files chosen: istio-kubox\/(destination-rules|virtual-service)\.yaml, istio-kubox\/(destination-rules|virtual-service)\.yaml$/,
  );
  await expect(page.getByTestId("config-name")).toHaveValue("istio-kubox");
  await page.getByTestId("config-submit").click();
  await page.waitForURL(/\/sheets\/\d+$/);
  const sheet = new SheetPage(page);
  await sheet.hydrated();

  await expect(page.getByTestId("sheet-name")).toHaveText("istio-kubox");
  await expect(page.locator("[data-testid^=row-]")).toHaveCount(48);
  // Each setting where its file sets it (the files imported sorted by path, as the command
  // line reads a folder).
  const stored = await (await page.request.get(`/api/v1/sheets/${sheet.id()}`)).json();
  const at = (location: string): number =>
    1 + stored.rows.findIndex((r: { location: string }) => r.location === location);
  const connect = at(
    "istio-kubox/destination-rules.yaml:14 DestinationRule user-service-destination trafficPolicy.connectionPool.tcp.connectTimeout",
  );
  const deadline = at("istio-kubox/virtual-service.yaml:23 VirtualService kubox-virtual-service http[0].timeout");
  const perTry = at("istio-kubox/virtual-service.yaml:26 VirtualService kubox-virtual-service http[0].retries.perTryTimeout");
  expect([connect > 0, deadline > 0, perTry > 0]).toEqual([true, true, true]);
  await expect(sheet.cell(connect, "setting")).toHaveValue("connectionPool.tcp.connectTimeout");
  await expect(sheet.cell(connect, "value")).toHaveValue("30s");
  await expect(sheet.cell(deadline, "item")).toHaveValue("overall deadline");
  await expect(sheet.cell(deadline, "setting")).toHaveValue("HTTPRoute.timeout");
  await expect(sheet.cell(deadline, "value")).toHaveValue("30s");
  await expect(sheet.cell(perTry, "value")).toHaveValue("10s");
  // The report checks the imported rows: the product service's hop has its verdict (the
  // files give no deadline of the service's own to hold its tries against).
  await expect(
    sheet.hop("* -> product-svc.app-services.svc.cluster.local").getByTestId("verdict"),
  ).toHaveText("unchecked");

  // The list has one more sheet.
  await page.goto("/");
  await expect(sheets.rows()).toHaveCount(before + 1);
  expect(crashes).toEqual([]);
});

test("a file that cannot be parsed is named with its line and column, and nothing is created", async ({ page }) => {
  const sheets = new SheetsPage(page);
  await sheets.open();
  const before = await sheets.rows().count();

  await page.getByTestId("config-files").setInputFiles([
    {
      name: "k8s/reviews-vs.yaml",
      mimeType: "application/yaml",
      buffer: Buffer.from(
        "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: reviews\nspec:\n  http:\n  - timeout: 10s\n",
      ),
    },
    { name: "logo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  ]);
  await expect(page.getByTestId("config-chosen")).toHaveText("1 file chosen: k8s/reviews-vs.yaml");
  await expect(page.getByTestId("config-skipped")).toHaveText(
    "1 skipped (not a configuration file): logo.png",
  );
  await page.getByText("or paste one file").click();
  await page.getByTestId("config-paste-path").fill("k8s/broken.yaml");
  await page.getByTestId("config-paste-text").fill("apiVersion: v1\nkind: Service\nmetadata: [\n");
  await page.getByTestId("config-name").fill("broken");
  await page.getByTestId("config-submit").click();

  await expect(page.getByTestId("config-error")).toContainText(
    "1 file cannot be read, so nothing was made:",
  );
  await expect(page.getByTestId("config-error-files")).toHaveText(
    "k8s/broken.yaml:4:1: while parsing a node, did not find expected node content",
  );
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(sheets.rows()).toHaveCount(before);
});

test("the card reads in Japanese on the Japanese page", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ja-JP", extraHTTPHeaders: { "Accept-Language": "ja" } });
  const page = await context.newPage();
  const sheets = new SheetsPage(page);
  await sheets.open();
  const card = page.getByTestId("config-form");
  await expect(card.getByRole("heading")).toHaveText("設定ファイルから新しいシート");
  await expect(page.getByTestId("config-submit")).toHaveText("シートを作成");
  await page.getByTestId("config-submit").click();
  await expect(page.getByTestId("config-error")).toHaveText(
    "ファイルかフォルダーを選ぶか、ファイルの内容を名前とともに貼り付けてください",
  );
  await context.close();
});
