// The grid's cost per keystroke on a generated sheet of N rows (default 300): times input
// events in the page and reads Chromium's layout and script durations. Run against a
// running app (scripts/run.sh): `node bench/grid.mjs 300`. The figures are in docs/benchmarks.md.
// An optional second argument is CSS injected into the page first, to try a layout change.
// Playwright from end2end/ (installed by scripts/setup.sh), in Debian's Chromium.
import { chromium } from "../end2end/node_modules/playwright/index.mjs";
const base = process.env.WORKBENCH_URL ?? "http://127.0.0.1:3000";
const n = Number(process.argv[2] ?? 300);
const header = "layer\tsegment\titem\tsetting\tdefault\tvalue\tlocation\trationale\n";
let body = header;
for (let i = 0; i < n / 3; i++) {
  body += `1\tLB -> svc${i}\tread timeout\tproxy_read_timeout\t60s\t10s\tnginx.conf\t\n`;
  body += `2\tsvc${i}\tdeadline\t\t\t8s\t\t\n`;
  body += `2\tsvc${i} -> db\tstatement timeout\tstatement_timeout\t0\t2s\t\t\n`;
}
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
const page = await browser.newPage();
const created = await page.request.post(`${base}/api/v1/sheets?name=perf${n}`, { data: body });
const { id } = await created.json();
let t0 = Date.now();
await page.goto(`${base}/sheets/${id}`);
await page.waitForSelector("body[data-hydrated=true]", { timeout: 120000 });
console.log(`rows ${n}: load+hydrate ${Date.now() - t0} ms`);
if (process.argv[3]) await page.addStyleTag({ content: process.argv[3] });
const cdp = await page.context().newCDPSession(page);
await cdp.send("Performance.enable");
const metric = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
const before = await metric();
const times = await page.evaluate(async () => {
  const input = document.querySelector('[data-testid="row-2"] [data-testid="cell-value"]');
  const out = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    input.value = `${9 + i}s`;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => r()));
    out.push(performance.now() - t);
  }
  return out;
});
console.log("keystroke ms:", times.map((t) => t.toFixed(1)).join(" "));
const after = await metric();
for (const k of ["ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "TaskDuration"]) console.log(k, ((after[k] - before[k]) * 1000).toFixed(1), "ms over 5 keystrokes");
// After the debounced save, the report arrives: time until the status says Saved.
t0 = Date.now();
await page.waitForSelector('[data-testid="save-status"]:text("Saved")', { timeout: 60000 });
console.log(`save + report render: ${Date.now() - t0} ms (includes the 300 ms debounce)`);
await browser.close();
