// cargo-leptos starts the server and the tests at the same moment: wait until it answers.
export default async function globalSetup(): Promise<void> {
  const url = process.env.WORKBENCH_URL ?? "http://127.0.0.1:3000";
  const deadline = Date.now() + 60_000;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/v1/sheets`);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the workbench did not answer at ${url} within 60 s: ${String(last)}`);
}
