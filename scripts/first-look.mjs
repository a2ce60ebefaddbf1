// The first look's still copy (issue 24; web/first-look.js shows it): the app as built, opened
// on the example in Debian's headless Chromium, and its opening view copied as HTML, without
// what the worker computes (the ratings' rows, the status, the convergence panel's charts and
// step view) and without test ids and element ids (the app's own view has them); with the
// rating request the app sent for the example, which the first look sends the first worker
// as it is (the text of an input not shown is left out of the copy: the page holds it once),
// and the columns of the ratings' rows, which the first look fills from the answer.
// scripts/postbuild.mjs puts it into dist/index.html. The browser and the static server are
// the end-to-end tests' (tests/e2e/), which the README's setup installs for building too.
import { launch, DESKTOP, finished } from '../tests/e2e/browser.mjs';
import { serve } from '../tests/e2e/server.mjs';

/** Records the rating requests the page posts to its workers (before the app starts). */
function recordRequests() {
  const post = Worker.prototype.postMessage;
  window.firstLookRequests = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message === 'object' && 'Rate' in message) window.firstLookRequests.push(JSON.parse(JSON.stringify(message)));
    return post.call(this, message, ...rest);
  };
}

/** In the page: the copy, the columns of a row (by what each cell holds) and the request. */
function copyOpeningView() {
  const app = document.querySelector('body > .page');
  const copy = app.cloneNode(true);
  // Form values are properties, not attributes: written in, so that the copy shows them.
  const fields = 'input, select, textarea';
  const from = app.querySelectorAll(fields);
  copy.querySelectorAll(fields).forEach((c, i) => {
    const el = from[i];
    if (el.tagName === 'SELECT') [...c.options].forEach((o, j) => o.toggleAttribute('selected', el.options[j].selected));
    // (A text area not shown, as the input once read, left empty: the request holds the text.)
    else if (el.tagName === 'TEXTAREA') c.textContent = el.offsetParent === null ? '' : el.value;
    else if (el.type === 'checkbox' || el.type === 'radio') c.toggleAttribute('checked', el.checked);
    else c.setAttribute('value', el.value);
  });
  const row = app.querySelector('[data-testid=rating-row]');
  const named = { 'player-name': 'name', 'player-rating': 'rating', 'player-sigma': 'sigma', 'player-label': 'label', 'player-games': 'games' };
  const columns = [...row.cells].map((td, i, all) => {
    if (td.dataset.testid) return named[td.dataset.testid] ?? td.dataset.testid;
    if (td.className === 'note') return 'note';
    if (i === 0) return 'rank';
    return all[i - 1]?.dataset.testid === 'player-games' ? 'score' : 'group';
  });
  const decimals = (row.querySelector('[data-testid=player-rating]').textContent.split('.')[1] ?? '').length;
  const rows = copy.querySelector('[data-testid=rating-row]').parentElement;
  rows.replaceChildren();
  rows.dataset.firstLook = 'rows';
  // The convergence panel: its heading, and a line the first look fills (the charts come with the app).
  const panel = copy.querySelector('.convergence-panel');
  const status = document.createElement('p');
  status.className = 'help';
  status.dataset.firstLook = 'status';
  panel.replaceChildren(panel.querySelector('h2'), status);
  for (const attr of ['data-testid', 'id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls']) {
    copy.querySelectorAll(`[${attr}]`).forEach((e) => e.removeAttribute(attr));
  }
  return { html: copy.outerHTML, columns, decimals, request: window.firstLookRequests[0] };
}

/** The copy of `dist`'s opening view, with the first request and the rows' columns. */
export async function snapshot(dist) {
  const site = await serve(dist);
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    await context.addInitScript(recordRequests);
    const page = await context.newPage();
    await page.goto(`${site.origin}/`);
    await finished(page);
    await page.getByTestId('rating-row').first().waitFor();
    const look = await page.evaluate(copyOpeningView);
    // The page numbers a text for its workers (`Source::Numbered`); the first look's worker is
    // sent the text plain, and the page, taking it over, sends the numbered text it then keeps.
    const numbered = look.request?.Rate?.source?.Numbered;
    if (numbered) look.request.Rate.source = { Text: numbered.text };
    if (!look.request?.Rate?.source?.Text) throw new Error('first-look: the app sent no rating request for the example');
    return look;
  } finally {
    await browser.close();
    await site.stop();
  }
}
