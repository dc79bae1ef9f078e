import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

const NGINX_READ = "https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_read_timeout";

test("the setting cell autocompletes from the catalog, and an empty default fills from it", async ({ page, crashes }) => {
  const sheet = await SheetPage.blank(page, "catalog");

  // The autocomplete: one datalist for the page, offering nginx's proxy_read_timeout.
  await expect(sheet.catalogSettings()).toHaveCount(1);
  const option = sheet.catalogSettings().locator('option[value="proxy_read_timeout"]');
  await expect(option).toHaveCount(1);
  await expect(option).toHaveText("nginx — read, default 60s");

  await sheet.addRow();
  await expect(sheet.cell(1, "setting")).toHaveAttribute("list", "catalog-settings");
  await expect(sheet.fillDefault(1)).toHaveCount(0);
  await sheet.type(1, "setting", "proxy_read_timeout");
  await sheet.type(1, "item", "read timeout");

  // No value and no default: nginx's documented default applies; the row links the setting's
  // documentation (the report's source, not an address taken out of the note).
  const source = sheet.catalogSource(1);
  await expect(source).toHaveAttribute("href", NGINX_READ);
  await expect(source).toHaveAttribute("target", "_blank");
  await expect(source).toHaveAttribute("rel", "noopener");
  await expect(source).toHaveText("source: nginx.org");
  await expect(sheet.row(1).getByTestId("derived-note")).toHaveText(
    "row 1: no value set; nginx's documented default for proxy_read_timeout, 1 min, applies",
  );
  await expect(sheet.finding("value.default_applied").first().getByTestId("finding-source")).toHaveAttribute(
    "href",
    NGINX_READ,
  );
  await expect(sheet.row(1).getByTestId("derived-kind")).toHaveText("read");

  // The default cell is empty: the button offers the catalog's default and fills it.
  const fill = sheet.fillDefault(1);
  await expect(fill).toHaveText("use default: 60s");
  await fill.click();
  await expect(sheet.cell(1, "default")).toHaveValue("60s");
  await expect(fill).toHaveCount(0);
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await expect(sheet.row(1).getByTestId("derived-note")).toHaveText(
    "nginx: proxy_read_timeout; row 1: no value set; the default column's 1 min applies",
  );
  // The setting is still nginx's, documented where it was.
  await expect(source).toHaveAttribute("href", NGINX_READ);

  // Saved like any edit.
  await sheet.reload();
  await expect(sheet.cell(1, "default")).toHaveValue("60s");
  await expect(sheet.cell(1, "setting")).toHaveValue("proxy_read_timeout");
  await expect(sheet.fillDefault(1)).toHaveCount(0);

  // Emptying the default cell offers the button again.
  await sheet.type(1, "default", "x");
  await sheet.cell(1, "default").press("Backspace");
  await expect(sheet.fillDefault(1)).toHaveText("use default: 60s");
  expect(crashes).toEqual([]);
});
