import { expect } from "@playwright/test";
import { SheetPage, test } from "./fixtures/workbench";

// A number of the report, hovered or focused, lights the grid rows it comes from.
// Golden G2: app need 15.5 s = DB 3.0 s (rows 9, 10) + external API 12.0 s (rows 6, 7, 8) +
// own 0.5 s (row 5); the inversion's bound is the app's deadline (row 4).
test("hovering or focusing a number lights exactly the rows it comes from, and leaving clears them", async ({ page, crashes }) => {
  const sheet = await SheetPage.fromExample(page, "en");
  await sheet.typeG2();

  const need = sheet.node("app").getByTestId("need");
  await expect(need).toHaveText("15.5 s", { timeout: 1_000 });
  await expect(sheet.saveStatus()).toHaveText("Saved");
  await expect(need).toHaveAttribute("tabindex", "0");
  await expect(need).toHaveAccessibleName("app need 15.5 s: rows 5–10");
  expect(await sheet.tracedRows()).toEqual([]);
  // A number with nothing behind it is plain text: the browser declares no deadline, so it
  // has no slack.
  await expect(sheet.node("browser").getByTestId("slack")).toHaveText("—");
  await expect(sheet.node("browser").getByTestId("slack")).not.toHaveAttribute("tabindex", /./);

  // The pointer.
  await need.hover();
  await expect.poll(() => sheet.tracedRows()).toEqual([5, 6, 7, 8, 9, 10]);
  await page.mouse.move(0, 0);
  await expect.poll(() => sheet.tracedRows()).toEqual([]);

  const worst = sheet.hop("app -> external API").getByTestId("worst");
  await expect(worst).toHaveAccessibleName("app -> external API worst 12.0 s: rows 6–8");
  await worst.hover();
  await expect.poll(() => sheet.tracedRows()).toEqual([6, 7, 8]);
  await page.mouse.move(0, 0);
  await expect.poll(() => sheet.tracedRows()).toEqual([]);

  // The keyboard: from the nodes' heading, Tab through the report's numbers to the app's need.
  await page.getByRole("heading", { name: "Nodes" }).click();
  await sheet.tabTo(need);
  await expect(need).toBeFocused();
  await expect.poll(() => sheet.tracedRows()).toEqual([5, 6, 7, 8, 9, 10]);
  // The next number takes the highlight over: the app's deadline, row 4.
  await page.keyboard.press("Tab");
  await expect(sheet.node("app").getByTestId("deadline")).toBeFocused();
  await expect.poll(() => sheet.tracedRows()).toEqual([4]);
  await page.keyboard.press("Shift+Tab");
  await expect(need).toBeFocused();
  await expect.poll(() => sheet.tracedRows()).toEqual([5, 6, 7, 8, 9, 10]);

  // The inversion finding's numbers: the pointer wins while it is over one; leaving it shows
  // the focused number's rows again.
  const inversion = sheet.finding("inversion.node");
  const bound = inversion.getByTestId("bound");
  const findingNeed = inversion.getByTestId("need");
  await expect(bound).toHaveAccessibleName("inversion.node bound 8.0 s: row 4");
  await expect(findingNeed).toHaveAccessibleName("inversion.node need 15.5 s: rows 5–10");
  await bound.hover();
  await expect.poll(() => sheet.tracedRows()).toEqual([4]);
  await page.mouse.move(0, 0);
  await expect.poll(() => sheet.tracedRows()).toEqual([5, 6, 7, 8, 9, 10]);

  // Moving the focus off the numbers (a click on the heading) clears the highlight.
  await page.getByRole("heading", { name: "Nodes" }).click();
  await expect(need).not.toBeFocused();
  await expect.poll(() => sheet.tracedRows()).toEqual([]);

  await findingNeed.hover();
  await expect.poll(() => sheet.tracedRows()).toEqual([5, 6, 7, 8, 9, 10]);
  await page.mouse.move(0, 0);
  await expect.poll(() => sheet.tracedRows()).toEqual([]);
  await findingNeed.focus();
  await expect.poll(() => sheet.tracedRows()).toEqual([5, 6, 7, 8, 9, 10]);
  await findingNeed.blur();
  await expect.poll(() => sheet.tracedRows()).toEqual([]);

  // The finding's highlight of its own rows stays as it was.
  await sheet.expectFlagged([4, 6, 7, 8], "error");
  expect(crashes).toEqual([]);
});
