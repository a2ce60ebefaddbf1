// A parameter change sends a parameter (issue 37): the page sends a text to a worker once,
// numbered, and after it only the number; the worker leaves out of its answer the summary and
// the standings the page shows already, and the page keeps showing them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serve } from './server.mjs';
import { ROOT, launch, editInput } from './browser.mjs';

let browser, site;

before(async () => {
  site = await serve(`${ROOT}dist`);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  site?.server.close();
});

/** Records, in the page, every rating request posted to a worker and every answer's kind. */
function recordTraffic() {
  window.sent = [];
  window.answers = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message === 'object' && 'Rate' in message) window.sent.push(JSON.parse(JSON.stringify(message.Rate)));
    return post.call(this, message, ...rest);
  };
  const handler = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
  Object.defineProperty(Worker.prototype, 'onmessage', {
    configurable: true,
    get() {
      return handler.get.call(this);
    },
    set(fn) {
      handler.set.call(this, (ev) => {
        const data = ev.data;
        if (data && typeof data === 'object') {
          const kind = Object.keys(data)[0];
          const body = data[kind] ?? {};
          window.answers.push({ kind, job: body.job, standings: kind === 'Done' ? body.result?.standings != null : undefined });
        }
        return fn(ev);
      });
    },
  });
}

async function open() {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
  await context.addInitScript(recordTraffic);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${site.origin}/`);
  return { context, page, errors };
}

const converged = (page) =>
  page.waitForFunction(() => document.querySelector('[data-testid=status]')?.textContent.startsWith('Converged'), null, { timeout: 30000 });

/** Changes σ to `value` and waits for the job it starts to be answered in full. */
async function setSigma(page, value) {
  const jobs = await page.evaluate(() => window.sent.length);
  await page.getByTestId('sigma').fill(value);
  await page.getByTestId('sigma').press('Enter');
  await page.waitForFunction((n) => window.sent.length > n, jobs);
  const job = await page.evaluate(() => window.sent.at(-1).job);
  await page.waitForFunction((j) => window.answers.some((a) => a.job === j && a.kind === 'Done'), job, { timeout: 30000 });
  await converged(page);
  return page.evaluate((j) => ({ request: window.sent.find((r) => r.job === j), answers: window.answers.filter((a) => a.job === j) }), job);
}

test('a σ change sends the number of the text, and gets no summary back; the summary stays', async () => {
  const { context, page, errors } = await open();
  await converged(page);
  const first = await page.evaluate(() => window.sent.at(-1));
  assert.ok(first.source.Numbered?.text.length > 1000, `the first request carries the text: ${JSON.stringify(first.source).slice(0, 80)}`);
  const id = first.source.Numbered.id;
  const { request, answers } = await setSigma(page, '0.6');
  assert.deepEqual(request.source, { Kept: { id } }, 'a parameter change sends the number alone');
  assert.equal(request.shown.read?.input, id, 'and what the page shows');
  assert.ok(!answers.some((a) => a.kind === 'Parsed'), `no summary posted again: ${answers.map((a) => a.kind)}`);
  assert.match(await page.getByTestId('format').textContent(), /380 games · 20 players/, 'the summary shown stays');
  // A changed text is numbered anew and sent whole.
  await (await editInput(page)).fill('white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\n');
  await page.waitForFunction((i) => window.sent.some((r) => r.source.Numbered && r.source.Numbered.id > i), id, { timeout: 30000 });
  await page.waitForFunction(() => /3 games · 3 players/.test(document.querySelector('[data-testid=format]')?.textContent ?? ''), null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tournament: a σ change keeps the standings shown, which the worker does not send again', async () => {
  const { context, page, errors } = await open();
  await converged(page);
  const trf = await readFile(`${ROOT}src/lessons/swiss-buchholz.trf`, 'utf8');
  await page.getByTestId('lesson').selectOption('swiss-buchholz');
  await page.getByTestId('standings-table').waitFor();
  await converged(page);
  const rowsBefore = await page.getByTestId('standing-row').allTextContents();
  assert.ok(rowsBefore.length > 5 && trf.length > 0);
  const { request, answers } = await setSigma(page, '0.7');
  assert.ok(request.source.Kept, `the number alone: ${JSON.stringify(request.source).slice(0, 60)}`);
  assert.ok(request.shown.standings, 'the page says which standings it shows');
  const done = answers.filter((a) => a.kind === 'Done');
  assert.ok(done.length > 0 && done.every((a) => !a.standings), `no standings sent again: ${JSON.stringify(done)}`);
  assert.deepEqual(await page.getByTestId('standing-row').allTextContents(), rowsBefore, 'the standings shown stay');
  assert.deepEqual(errors, []);
  await context.close();
});
