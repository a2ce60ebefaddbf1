// The first look (issue 24): on a plain first visit (no link, nothing kept from an earlier
// visit), the example's ratings, computed by the first worker, in a still copy of the opening
// view (index.html's #first-look, taken from the app as built by scripts/first-look.mjs),
// before the page's own code has arrived. A first visit so shows computed ratings after the
// page, the styles and the first worker (about 213 KB gzipped), not after the page's code as
// well. scripts/postbuild.mjs puts this script into the page's head (with the names of the
// page's code in PAGE), so that the worker starts while the page is still arriving: its wasm
// fetched and compiled here and handed to it (web/first-look-worker.js), beside its script.
//
// The page's code is fetched meanwhile (issue 40: the controls on a slow link), as the worker's
// wasm is about to end, so that the link carries the ratings' bytes first and then, without
// a pause, the controls'; the app starts (index.html's start script waits for
// `ratingsLabFirstLook`) once the rows are shown. It builds itself unseen beneath the copy (the
// style's `.first-looking`), takes over the first look's worker, idle with the example read
// (`ratingsLabFirstWorker`, which src/bridge.rs adopts), and takes the copy's place once its
// first rating has settled (`ratingsLabShown`, which src/app.rs calls). The copy is inert: its
// controls work once the app is there, which the note at its foot says meanwhile. Whatever goes
// wrong here, the app starts as it would without the first look.
(() => {
  const PAGE = /* the page's code, written in by scripts/postbuild.mjs */ null;
  let go;
  window.ratingsLabFirstLook = new Promise((resolve) => { go = resolve; });
  const fetched = new Set();
  /** One file of the page's code fetched ahead (a preload, as Trunk's were), once. */
  const fetchAhead = (rel, href, as) => {
    if (!href || fetched.has(href)) return;
    fetched.add(href);
    const link = Object.assign(document.createElement('link'), { rel, href, crossOrigin: 'anonymous' });
    if (as) Object.assign(link, { as, type: 'application/wasm' });
    document.head.append(link);
  };
  /** The page's code fetched (its glue and its wasm), what is not yet. */
  const fetchCode = () => {
    fetchAhead('modulepreload', PAGE?.js);
    fetchAhead('preload', PAGE?.wasm, 'fetch');
  };
  /** The page's code fetched if it is not yet, and started. */
  const start = () => {
    fetchCode();
    go();
  };
  let worker = null;
  const root = document.documentElement;
  /** Runs `f` once the page's body is there. */
  const parsed = (f) => (document.readyState === 'loading' ? addEventListener('DOMContentLoaded', f, { once: true }) : f());
  /** The copy and the note gone (once parsed), the first look's worker too if the app did not take it, the app started. */
  const leave = () => {
    worker?.terminate();
    worker = null;
    window.ratingsLabFirstWorker?.terminate();
    delete window.ratingsLabFirstWorker;
    root.classList.remove('first-looking');
    parsed(() => {
      document.getElementById('first-look')?.remove();
      document.getElementById('first-look-note')?.remove();
    });
    start();
  };
  window.ratingsLabShown = leave;
  // The page's code could not start (not fetched, or it failed): said where the app would be,
  // unless the page says something more useful there already (opened from a file: index.html).
  window.ratingsLabNotStarted = (error) => {
    leave();
    parsed(() => {
      const boot = document.getElementById('boot');
      if (!boot || boot.getAttribute('role') === 'alert') return;
      boot.textContent = `Ratings Lab could not start (${error?.message ?? error}). Reload the page to try again.`;
      boot.setAttribute('role', 'alert');
      boot.removeAttribute('hidden');
    });
  };
  if (!plainFirstVisit()) return leave();
  try {
    worker = new Worker('./first-look-worker.js');
  } catch {
    return leave();
  }
  // The worker's wasm fetched and compiled here, beside its script, and handed to it (the wasm's
  // address if that fails: the worker fetches it itself); the page's code asked for as that wasm
  // is about to end, not after the worker's answer (issue 40): on a slow link the bytes are what
  // the controls wait for, and so the link is kept busy from the page's arrival on, with the
  // worker's wasm first (the ratings), then the page's code (the controls). The app starts (the
  // start script's wait) only once the first look has its rows.
  const WASM = './worker_bg.wasm';
  const asked = performance.now();
  fetch(WASM)
    .then((response) => WebAssembly.compileStreaming(nearTheEnd(response, performance.now() - asked)))
    .catch(() => WASM)
    .then((module) => {
      worker?.postMessage(module);
      fetchCode();
    });
  root.classList.add('first-looking');
  let config = null;
  let ready = false;
  // A worker that has not said it is ready is given up (12 s, as the app waits before a
  // spare): the app starts its own. One that has, but whose answer is slow (a busy machine),
  // is waited for while the page's code comes (3 s).
  const slow = setTimeout(() => ready && start(), 3000);
  const hung = setTimeout(() => ready || giveUp(), 12000);
  function giveUp() {
    clearTimeout(slow);
    clearTimeout(hung);
    parsed(() => document.getElementById('boot')?.removeAttribute('hidden'));
    leave();
  }
  parsed(() => {
    try {
      config = JSON.parse(document.getElementById('first-look-config').textContent);
    } catch {
      return giveUp();
    }
    if (!worker) return;
    document.getElementById('boot')?.setAttribute('hidden', '');
    document.getElementById('first-look').hidden = false;
    document.getElementById('first-look-note').hidden = false;
    if (ready) worker.postMessage(config.request);
  });
  // The app shown a moment after it has started even if its first rating has not settled
  // (a worker that never answers, say): what it says then is better than a still copy.
  addEventListener('TrunkApplicationStarted', () => setTimeout(leave, 4000), { once: true });
  worker.onerror = giveUp;
  worker.onmessage = ({ data }) => {
    if (!worker) return;
    if (data === 'Ready') {
      ready = true;
      if (config) worker.postMessage(config.request);
      return;
    }
    const done = data?.Done?.result;
    // (A message queued before the first look ended has nothing left to fill; the request,
    // and so any answer, is sent only once the page is parsed.)
    if (!document.getElementById('first-look')) return;
    if (!done) {
      // Anything but the ratings (the input read, progress) is the app's to show; a failure ends the first look.
      if (data && typeof data === 'object' && ['Failed', 'ParseFailed', 'Elsewhere', 'Crashed'].some((k) => k in data)) giveUp();
      return;
    }
    show(done);
    if (!done.errors_pending) {
      // Answered in full: the worker, idle, is the app's to take.
      clearTimeout(hung);
      worker.onmessage = null;
      worker.onerror = null;
      window.ratingsLabFirstWorker = worker;
      worker = null;
    }
    // The rows painted, then the page's code fetched.
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(slow);
      start();
    }));
  };

  /** The worker's wasm as it arrives, the page's code asked for as soon as the rest will take
   * about as long as a request takes to be answered (`wait`, the time its headers took; its
   * speed so far): the page's code then begins to arrive as the worker's ends, and the link
   * does not idle for a round trip between them. (Decompressed bytes, as the body gives them,
   * against the wasm's size.) */
  function nearTheEnd(response, wait) {
    const size = PAGE?.workerBytes;
    if (!response.ok || !response.body || !size || typeof TransformStream !== 'function') return response;
    const begun = performance.now();
    let got = 0;
    const body = response.body.pipeThrough(new TransformStream({
      transform(chunk, out) {
        got += chunk.byteLength;
        const speed = got / Math.max(1, performance.now() - begun);
        if ((size - got) / speed <= wait) fetchCode();
        out.enqueue(chunk);
      },
    }));
    return new Response(body, { headers: { 'content-type': 'application/wasm' } });
  }

  /** Whether the app opens on the example: no link, and nothing this site kept in the browser. */
  function plainFirstVisit() {
    try {
      return /^https?:$/.test(location.protocol) && location.hash === '' && typeof WebAssembly === 'object'
        && typeof Worker === 'function' && !Object.keys(localStorage).some((k) => k.startsWith('ratings-lab'));
    } catch {
      return false;
    }
  }

  /** The ratings' rows, as the app's table shows them (src/components/results.rs). */
  function show(result) {
    const look = document.getElementById('first-look');
    const players = JSON.parse(result.players);
    const rows = players
      .map((p, i) => [p, i])
      .sort(([a, i], [b, j]) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || i - j)
      .map(([p]) => {
        const tr = document.createElement('tr');
        for (const column of config.columns) {
          const td = document.createElement('td');
          td.textContent = cellOf(p, column, config.decimals, result.errors_pending);
          if (column === 'note') td.className = 'note';
          else if (column !== 'name') td.className = 'num';
          tr.append(td);
        }
        return tr;
      });
    look.querySelector('[data-first-look=rows]').replaceChildren(...rows);
    const status = look.querySelector('[data-first-look=status]');
    if (status) status.textContent = `${players.length} players rated; the charts and the controls follow.`;
  }

  function cellOf(p, column, d, pending) {
    switch (column) {
      case 'rank': return p.rank == null ? '' : String(p.rank);
      case 'name': return p.name;
      case 'rating': return Number.isFinite(p.rating) ? fixed(p.rating, d) : '—';
      case 'sigma': return pending && p.rating != null ? '…' : p.sigma == null ? '' : `±${fixed(p.sigma, d)}`;
      case 'label': return p.label ?? '';
      case 'games': return String(p.games);
      // Points as people write them: one decimal, two when a quarter point needs it.
      case 'score': return fixed(p.score, Math.abs((p.score * 10) % 1) < 1e-9 ? 1 : 2);
      case 'group': return p.group == null ? '' : String(p.group);
      default: return p.note ?? '';
    }
  }

  /** `v` with `d` decimals as Rust's `format!("{v:.d$}")` writes it: an exact tie rounded to
   * even (JavaScript's toFixed rounds it up), and the sign of a negative zero kept. */
  function fixed(v, d) {
    const scale = 10 ** d;
    const x = v * scale;
    const floor = Math.floor(x);
    const out = (x - floor === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) / scale : v).toFixed(d);
    return (v < 0 || Object.is(v, -0)) && !out.startsWith('-') ? `-${out}` : out;
  }
})();
