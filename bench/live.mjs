// Last keystroke to updated verdict on screen, in Chromium, on sheets of 300 and 2,000 rows
// (p95 ≤ 100 ms and ≤ 250 ms). Each sheet is the reservation example (golden
// G1) followed by services as `gen_sheet.py` of the shared bench writes them (7 rows each).
// The measured keystroke replaces the tries count of the external API's tries row (row 8):
// `3` turns the app node inverted, `2` turns it ok again. The time runs, on the page's own
// clock, from the key's `keydown` event to the first frame painted after the app node's
// verdict cell reads the new verdict; the save (debounced 300 ms) is not waited for. The
// window is 2,880 × 1,400, where the report sits beside the grid: the cell typed in and the
// verdict are both in view.
//
// Then the arrow keys: from a key's `keydown` to the first frame painted after the next cell
// has the focus (the grid's one tab stop moves with it).
//
// Run against a running app (scripts/run.sh): `node bench/live.mjs [ROWS...] [--presses N]`.
// Playwright from end2end/ (installed by scripts/setup.sh), in Debian's Chromium.
import longSheetModule from "../end2end/tests/fixtures/long-sheet.cjs";
import { chromium } from "../end2end/node_modules/playwright/index.mjs";

const { longSheet } = longSheetModule;

const base = process.env.WORKBENCH_URL ?? "http://127.0.0.1:3000";
const args = process.argv.slice(2);
const at = args.indexOf("--presses");
const presses = at >= 0 ? Number(args.splice(at, 2)[1]) : 20;
const sizes = args.length ? args.map(Number) : [300, 2000];
/** The `p`-th percentile (0–100) of `values`, nearest rank. */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Milliseconds, rounded. */
const ms = (t) => `${Math.round(t)} ms`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--headless"],
});
for (const rows of sizes) {
  // Wide enough for the report to sit beside the grid (main.css), so that the edited cell
  // and the app node's verdict are both on screen.
  const page = await browser.newPage({ viewport: { width: 2880, height: 1400 } });
  const created = await page.request.post(`${base}/api/v1/sheets?name=live${rows}`, { data: longSheet(rows) });
  const { id } = await created.json();
  const loading = Date.now();
  await page.goto(`${base}/sheets/${id}`);
  await page.waitForSelector("body[data-hydrated=true]", { timeout: 180_000 });
  const loaded = Date.now() - loading;
  const cell = page.locator('[data-testid="row-8"] [data-testid="cell-value"]');
  const verdict = page.locator('[data-testid="node-app"] [data-testid="verdict"]');
  const times = [];
  // Where the time goes: until the check is sent, the server's answer, drawing it.
  const phases = { send: [], server: [], draw: [] };
  // Timed inside the page, on the page's own clock: from the key's `keydown` event to the
  // first frame painted after the verdict cell reads the new verdict (a mutation observer
  // sees the text, then a frame is requested and the time taken once it has been painted);
  // the check's request from the browser's resource timing.
  await page.evaluate(() => {
    window.__live = { key: 0 };
    document.addEventListener("keydown", (e) => (window.__live.key = e.timeStamp), true);
  });
  for (let i = 0; i < presses; i++) {
    const [digit, expected] = i % 2 === 0 ? ["3", "inverted"] : ["2", "ok"];
    await cell.focus();
    await page.keyboard.press("Home");
    await page.keyboard.press("Shift+ArrowRight");
    await page.evaluate(() => {
      performance.clearResourceTimings();
      window.__live.done = null;
    });
    const shown = page.evaluate(
      (expected) =>
        new Promise((resolve) => {
          const read = () =>
            document.querySelector('[data-testid="node-app"] [data-testid="verdict"]')?.textContent?.trim();
          const observer = new MutationObserver(() => {
            if (read() !== expected) return;
            observer.disconnect();
            const seen = performance.now();
            requestAnimationFrame(() => setTimeout(() => resolve({ seen, painted: performance.now() })));
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        }),
      expected,
    );
    await page.keyboard.press(digit);
    const { painted } = await shown;
    const timing = await page.evaluate(() => {
      const check = performance.getEntriesByType("resource").find((e) => e.name.includes("check_draft"));
      return { key: window.__live.key, sent: check?.startTime ?? NaN, answered: check?.responseEnd ?? NaN };
    });
    times.push(painted - timing.key);
    phases.send.push(timing.sent - timing.key);
    phases.server.push(timing.answered - timing.sent);
    phases.draw.push(painted - timing.answered);
    // Let the debounced save go before the next press, as a user pausing would.
    await page.locator('[data-testid="save-status"]', { hasText: "Saved" }).waitFor({ timeout: 30_000 });
  }
  await verdict.waitFor();
  // Moving the focus with the arrow keys, timed the same way: from the key's `keydown` to the
  // first frame painted after the next cell has the focus.
  const moves = [];
  await cell.focus();
  for (let i = 0; i < presses; i++) {
    // The listener is in place before the key is sent.
    await page.evaluate(() => {
      window.__live.focused = new Promise((resolve) => {
        document.addEventListener(
          "focusin",
          () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))),
          { once: true },
        );
      });
    });
    await page.keyboard.press(i % 2 === 0 ? "ArrowDown" : "ArrowUp");
    const painted = await page.evaluate(() => window.__live.focused);
    moves.push(painted - (await page.evaluate(() => window.__live.key)));
    await page.waitForTimeout(100);
  }
  console.log(
    `rows ${rows}: load+hydrate ${loaded} ms; keystroke to verdict over ${presses} presses: ` +
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(Math.max(...times))}` +
      ` (p50 of its parts: to the check sent ${ms(percentile(phases.send, 50))}, request and server ${ms(percentile(phases.server, 50))},` +
      ` answer to screen ${ms(percentile(phases.draw, 50))})`,
  );
  // Each press in order: an outlier shows which press it was (the first, say).
  console.log(`rows ${rows}: each press in order: ${times.map(Math.round).join(" ")} ms`);
  console.log(
    `rows ${rows}: arrow key to the next cell focused on screen over ${presses} moves: ` +
      `p50 ${ms(percentile(moves, 50))}, p95 ${ms(percentile(moves, 95))}, max ${ms(Math.max(...moves))}`,
  );
  await page.close();
}
await browser.close();
