// Driven by tests/serve.rs (`an_edit_replaces_only_its_cards_fragment`):
// opens a page of `grogpress serve` in headless Chromium (playwright-core,
// the system Chromium), then saves each edit given (a file rewritten as
// editors save: a temporary file renamed over it) and waits until the page
// shows its words. Prints, as JSON, per edit: whether the words were shown
// without a reload, and the requests the page made meanwhile.
//
//   node tests/serve_page.js PLAYWRIGHT_CORE CHROMIUM URL EDITS.json
//
// EDITS.json: [{"file": path, "text": new contents, "shows": words}, ...]
const fs = require("fs");
const path = require("path");
const [driver, chromium, url, edits] = process.argv.slice(2);
const { chromium: browserType } = require(driver);

(async () => {
  const browser = await browserType.launch({
    executablePath: chromium,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
      "--disable-component-update", "--disable-sync", "--disable-quic"],
  });
  const page = await browser.newPage();
  let requests = [];
  let loads = 0;
  page.on("request", (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
  page.on("load", () => loads++);
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(300);
  const results = [];
  for (const edit of JSON.parse(fs.readFileSync(edits, "utf8"))) {
    requests = [];
    const before = loads;
    const saving = path.join(path.dirname(edit.file), ".saving.tmp");
    fs.writeFileSync(saving, edit.text);
    fs.renameSync(saving, edit.file);
    let shown = false;
    const deadline = Date.now() + 20000;
    while (!shown && Date.now() < deadline) {
      try {
        shown = await page.evaluate((w) => !!document.body && document.body.innerText.includes(w), edit.shows);
      } catch (e) {} // the page reloading
      if (!shown) await new Promise((r) => setTimeout(r, 20));
    }
    await page.waitForTimeout(1500); // the rest of the build lands
    results.push({ shown, reloaded: loads > before, requests });
  }
  console.log(JSON.stringify(results));
  await browser.close();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
