import { Browser, expect, Page } from "@playwright/test";
import { ChildProcess, execFileSync, spawn } from "node:child_process";
import { join } from "node:path";
import { expectEditReaches, fixture, SheetPage, test, watchForCrashes } from "./fixtures/workbench";

// Two instances of the release build in team mode on one PostgreSQL database
// (TEST_POSTGRES_URL, default the machine's 127.0.0.1:5432 database `test`, in a schema of
// this run's own). Two people of one team, signed in on different instances, see each other's
// edits live; a person of another team cannot open the sheet.

const root = join(__dirname, "..", "..");
const binary = join(root, "target", "release", "workbench");
const postgres = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `wb_e2e_teams_${process.pid}`;
const database = `${postgres}${postgres.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`;
const PASSWORD = "a long password for the browser";
const ports = [3101, 3102];
const servers: ChildProcess[] = [];

function workbench(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(binary, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database, WORKBENCH_PASSWORD: PASSWORD, ...env },
  }).toString();
}

async function healthy(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the instance on port ${port} did not start`);
}

/** Runs `sql` on the test database, quietly (no notices of what a DROP cascades to). */
function psql(sql: string): void {
  execFileSync("psql", [postgres, "-q", "-c", sql], {
    env: { ...process.env, PGOPTIONS: "--client-min-messages=warning" },
  });
}

test.beforeAll(async () => {
  psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  expect(workbench(["admin", "create-user", "admin@example.com"])).toContain("(administrator)");
  expect(workbench(["admin", "create-user", "alice@example.com", "--team", "payments", "--role", "editor"])).toContain(
    "editor in team 1 payments",
  );
  workbench(["admin", "create-user", "bob@example.com", "--team", "payments", "--role", "editor"]);
  workbench(["admin", "create-user", "carol@example.com", "--team", "search", "--role", "owner"]);
  for (const port of ports) {
    servers.push(
      spawn(binary, ["serve"], {
        cwd: root,
        stdio: "ignore",
        env: {
          ...process.env,
          DATABASE_URL: database,
          LEPTOS_SITE_ADDR: `127.0.0.1:${port}`,
          LEPTOS_SITE_ROOT: "target/site",
          WORKBENCH_MODE: "team",
          WORKBENCH_SECRET: "the same session key on both instances, 32+ bytes",
        },
      }),
    );
  }
  await Promise.all(ports.map(healthy));
});

test.afterAll(async () => {
  for (const server of servers) server.kill("SIGTERM");
  psql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
});

/** A person in a browser context of their own, signed in on the instance at `port`. */
async function signedIn(browser: Browser, port: number, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${port}/`);
  await expect(page.getByTestId("account")).toContainText(email);
  return page;
}

test("two people of one team on two instances see each other's edits live; another team cannot open the sheet", async ({
  browser,
}) => {
  const alicePage = await signedIn(browser, ports[0], "alice@example.com");
  const crashes = watchForCrashes(alicePage);
  const alice = await SheetPage.importText(alicePage, "G1", fixture("reservation-en.tsv"));
  const id = alice.id();

  const bobPage = await signedIn(browser, ports[1], "bob@example.com");
  await bobPage.goto(`/sheets/${id}`);
  const bob = new SheetPage(bobPage);
  await bob.hydrated();
  await expect(alice.page.getByTestId("viewers")).toHaveText("2 people are viewing this sheet");
  // No display name to give: the history records the account.
  await expect(bob.page.getByTestId("author-account")).toHaveText(
    "Your changes are recorded in the history as bob@example.com, the account you signed in with.",
  );
  await expect(bob.page.getByTestId("author")).toHaveCount(0);

  // Alice, on the first instance, raises the external API's read timeout: Bob, on the
  // second, sees it without reloading; Bob's tries reach Alice the same way. Together: G2.
  await expectEditReaches(alice, bob, 7, "value", "3s");
  await expectEditReaches(bob, alice, 8, "value", "3 tries, waits 0.5s, 1.0s");
  for (const sheet of [alice, bob]) {
    await expect(sheet.node("app").getByTestId("need")).toHaveText("15.5 s");
  }
  // The history names the accounts.
  const history = await alicePage.request.get(`/api/v1/sheets/${id}/revisions`);
  const authors = (await history.json()).map((revision: { author: string }) => revision.author);
  expect(authors).toContain("alice@example.com");
  expect(authors).toContain("bob@example.com");
  // The changes since Alice's save are Bob's, named by his account.
  await alicePage.goto(`/sheets/${id}?since=previous`);
  await alice.hydrated();
  await expect(alicePage.getByTestId("changes-since")).toHaveText(
    "Changes since revision 2 (by bob@example.com; the latest is 3): 1 cell changed.",
  );

  // Carol, an owner of another team, finds no such sheet on either instance.
  for (const port of ports) {
    const carol = await signedIn(browser, port, "carol@example.com");
    const response = await carol.goto(`/sheets/${id}`);
    expect(response?.status()).toBe(404);
    await expect(carol.getByTestId("row-1")).toHaveCount(0);
    await expect(carol.locator("body")).not.toContainText("fetch AbortSignal.timeout");
    await carol.context().close();
  }
  expect(crashes).toEqual([]);
});

test("an administrator invites someone into a team on the Teams page; the link works on the other instance", async ({
  browser,
}) => {
  const admin = await signedIn(browser, ports[0], "admin@example.com");
  await admin.getByTestId("team-link").click();
  await expect(admin).toHaveURL(`http://127.0.0.1:${ports[0]}/team`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Teams");
  await expect(admin.locator("section.team h2")).toHaveText(["payments", "search", "Administration"]);
  await expect(admin.getByTestId("members-1").locator("tbody tr td:first-child")).toHaveText([
    "alice@example.com",
    "bob@example.com",
  ]);

  // A one-time link for Dave, an editor of payments.
  const invite = admin.getByTestId("invite-1");
  await invite.getByLabel("E-mail address").fill("dave@example.com");
  await invite.locator("select[name=role]").selectOption("editor");
  await invite.getByRole("button", { name: "Make the link" }).click();
  await expect(admin.getByTestId("team-outcome")).toContainText("The invitation link for dave@example.com");
  const link = (await admin.getByTestId("invite-link").textContent()) ?? "";
  expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${ports[0]}/login\\?invite=wb_[0-9a-f]{64}$`));

  // Dave opens it on the other instance, sets a password and is in.
  const context = await browser.newContext();
  const dave = await context.newPage();
  await dave.goto(link.replace(`:${ports[0]}/`, `:${ports[1]}/`));
  await expect(dave.getByTestId("invited")).toHaveText("dave@example.com");
  await dave.getByLabel("Password").fill(PASSWORD);
  await dave.getByRole("button", { name: "Create my account" }).click();
  await expect(dave.getByTestId("account")).toContainText("dave@example.com");
  await dave.getByTestId("team-link").click();
  await expect(dave.locator("section.team h2")).toHaveText(["payments"]);
  await expect(dave.locator("section.team .muted").first()).toHaveText("your role: editor");
  await expect(dave.locator("section.team form")).toHaveCount(0);

  // The administrator's page shows Dave as a member and the invitation in the audit log.
  await admin.reload();
  await expect(admin.getByTestId("members-1").locator("tbody tr td:first-child")).toHaveText([
    "alice@example.com",
    "bob@example.com",
    "dave@example.com",
  ]);
  await expect(admin.getByTestId("audit-1").locator("tbody tr").first()).toContainText("dave@example.com");
  await context.close();
  await admin.context().close();
});
