// grogpress preview: follow the rebuilds pushed on /__events.
// The preview page swaps each changed image and reloads when what it lists
// changed. Another page (the HTML reference) shows its own file's change
// at once: when only its <main> changed, the new <main> is put in place,
// and the page reloads once the build is over (so its own scripts see the
// new page); else it reloads straight away, as it does when a style sheet
// beside it changed. When only some of its fragments changed (elements
// with an id: a card, a table, a heading), the server names them and the
// page fetches and replaces those alone.
(() => {
  const me = document.currentScript;
  if (!me || !window.EventSource) return;
  let seen = me.dataset.seq;
  const shape = me.dataset.shape;
  const here = location.pathname;
  const folder = (url) => url.slice(0, url.lastIndexOf("/") + 1);
  // The page but for what its <main> holds, as it was sent.
  const frameOf = (doc) => {
    const body = doc.body ? doc.body.cloneNode(true) : null;
    const main = body ? body.querySelector("main#main") : null;
    if (!main) return null;
    main.replaceChildren();
    return body.outerHTML;
  };
  const frame = shape === undefined ? frameOf(document) : null;
  let asked = 0;
  let swapped = false;
  let built = false;
  const update = async () => {
    const mine = ++asked;
    built = false;
    try {
      const answer = await fetch(here, { cache: "no-store" });
      if (!answer.ok) throw new Error(answer.status);
      const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
      if (mine !== asked) return;
      const main = doc.querySelector("main#main");
      if (frame === null || !main || frameOf(doc) !== frame) throw new Error("changed");
      const nodes = Array.from(main.childNodes, (n) => document.importNode(n, true));
      document.querySelector("main#main").replaceChildren(...nodes);
      document.title = doc.title;
      swapped = true;
      if (built) location.reload();
    } catch (e) {
      location.reload();
    }
  };
  // Per fragment, the last time it was asked for: an answer puts in only
  // the fragments no later answer is on its way for (two builds' events
  // may name different fragments, and neither may be lost), and none once
  // the whole <main> has been asked for since.
  const latest = new Map();
  let fetches = 0;
  const replace = async (ids) => {
    const whole = asked;
    const mine = ++fetches;
    for (const id of ids) latest.set(id, mine);
    try {
      const query = ids.map(encodeURIComponent).join(",");
      const answer = await fetch(here + "?fragments=" + query, { cache: "no-store" });
      if (!answer.ok) throw new Error(answer.status);
      const parsed = document.createElement("template");
      parsed.innerHTML = await answer.text();
      if (whole !== asked) return;
      const current = ids.filter((id) => latest.get(id) === mine);
      const pairs = current.map((id) => [document.getElementById(id), parsed.content.getElementById(id)]);
      if (pairs.some(([old, fresh]) => !old || !fresh)) throw new Error("changed");
      for (const [old, fresh] of pairs) old.replaceWith(document.importNode(fresh, true));
    } catch (e) {
      location.reload();
    }
  };
  const changed = (id, url) => {
    if (shape === undefined) {
      if (url === here) update();
      else if (url.endsWith(".css") && folder(url) === folder(here)) location.reload();
      return;
    }
    const under = url.endsWith("/");
    for (const img of document.images) {
      const path = new URL(img.src).pathname;
      if (path === url || (under && path.startsWith(url))) {
        img.src = path + "?v=" + id;
      }
    }
  };
  const connect = () => {
    const events = new EventSource("/__events?since=" + encodeURIComponent(seen));
    events.addEventListener("hello", (e) => {
      // Too far behind, or another server: start again.
      if (e.data !== "fresh") location.reload();
    });
    events.addEventListener("changed", (e) => {
      seen = e.lastEventId;
      changed(e.lastEventId, e.data);
    });
    events.addEventListener("fragments", (e) => {
      seen = e.lastEventId;
      const [url, ...ids] = e.data.split(" ");
      if (shape === undefined && url === here) replace(ids);
    });
    events.addEventListener("built", (e) => {
      seen = e.lastEventId;
      if (shape !== undefined) {
        if (e.data !== shape) location.reload();
      } else if (swapped) {
        location.reload();
      } else {
        built = true; // a new <main> still on its way reloads when it lands
      }
    });
    events.onerror = () => {
      // Refused (too many streams) or the server has gone: try again from
      // the last event seen.
      events.close();
      setTimeout(connect, 2000);
    };
  };
  connect();
})();
