// The first look (issue 24): on a plain first visit (no link, nothing kept from an earlier
// visit), the example's ratings, computed by the first worker, in a still copy of the opening
// view (index.html's #first-look, taken from the app as built by scripts/first-look.mjs),
// before the page's own code is fetched. A first visit so shows computed ratings after the
// page, the styles and the first worker (about 215 KB gzipped), not after the page's code as
// well. scripts/postbuild.mjs puts this script into the page's head, so that the worker starts
// while the page is still arriving.
//
// Then the page's code is fetched (index.html's start script waits for `ratingsLabFirstLook`):
// the app builds itself unseen beneath the copy (the style's `.first-looking`), takes over the
// first look's worker, which has the example read already (`ratingsLabFirstWorker`, which
// src/bridge.rs adopts), and takes the copy's place once its first rating has settled
// (`ratingsLabShown`, which src/app.rs calls). The copy is inert: its controls work once the
// app is there, which the note at its foot says meanwhile. Whatever goes wrong here, the app
// starts as it would without the first look.
(() => {
  let go;
  window.ratingsLabFirstLook = new Promise((resolve) => { go = resolve; });
  let worker = null;
  const root = document.documentElement;
  /** Runs `f` once the page's body is there. */
  const parsed = (f) => (document.readyState === 'loading' ? addEventListener('DOMContentLoaded', f, { once: true }) : f());
  /** The copy and the note gone (once parsed), the first look's worker too if the app did not take it, the app shown. */
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
    go();
  };
  window.ratingsLabShown = leave;
  if (!plainFirstVisit()) return leave();
  try {
    worker = new Worker('./worker_loader.js');
  } catch {
    return leave();
  }
  root.classList.add('first-looking');
  // The page's code is fetched anyway if the first look is slow (a very slow link, a busy machine).
  const later = setTimeout(go, 3000);
  const giveUp = () => {
    clearTimeout(later);
    parsed(() => document.getElementById('boot')?.removeAttribute('hidden'));
    leave();
  };
  let config = null;
  let ready = false;
  parsed(() => {
    try {
      config = JSON.parse(document.getElementById('first-look-config').textContent);
    } catch {
      return giveUp();
    }
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
      worker.onmessage = null;
      worker.onerror = null;
      window.ratingsLabFirstWorker = worker;
      worker = null;
    }
    // The rows painted, then the page's code fetched.
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(later);
      go();
    }));
  };

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
    const fixed = (v) => (Number.isFinite(v) ? v.toFixed(d) : '—');
    switch (column) {
      case 'rank': return p.rank == null ? '' : String(p.rank);
      case 'name': return p.name;
      case 'rating': return fixed(p.rating);
      case 'sigma': return pending && p.rating != null ? '…' : p.sigma == null ? '' : `±${p.sigma.toFixed(d)}`;
      case 'label': return p.label ?? '';
      case 'games': return String(p.games);
      // Points as people write them: one decimal, two when a quarter point needs it.
      case 'score': return Math.abs((p.score * 10) % 1) < 1e-9 ? p.score.toFixed(1) : p.score.toFixed(2);
      case 'group': return p.group == null ? '' : String(p.group);
      default: return p.note ?? '';
    }
  }
})();
