// Nothing lost: what the user typed, loaded or chose survives a reload, a failed parse and a
// cancelled fit; a full storage is reported; Clear, opening and dropping a file can be undone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ARTIFACTS, PHONE, finished, siteForTests, editInput } from './browser.mjs';

const { open } = siteForTests();

const CHESS = 'white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\nAnna,Cleo,1/2-1/2\nDan,Anna,0-1\nDan,Ben,1/2-1/2\nCleo,Dan,1-0\n';
const OTHER = 'white,black,result\nXena,Yuri,1-0\nYuri,Zoe,1/2-1/2\nZoe,Xena,0-1\n';
const input = (page) => page.getByTestId('input').inputValue();
const rows = (page, n) => page.waitForFunction((n) => document.querySelectorAll('[data-testid=rating-row]').length === n, n, { timeout: 30000 });

/** A league of `players` and `games` as CSV, the same every time. */
function league(players, games) {
  let seed = 1;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const lines = ['white,black,result'];
  for (let g = 0; g < games; g++) {
    const a = Math.floor(rnd() * players);
    const b = (a + 1 + Math.floor(rnd() * (players - 1))) % players;
    lines.push(`P${a},P${b},${['1-0', '0-1', '1/2-1/2'][Math.floor(rnd() * 3)]}`);
  }
  return lines.join('\n') + '\n';
}

/** Puts `text` in the text area as a paste would (fill types long texts too slowly). */
async function setInput(page, text) {
  await page.getByTestId('input').evaluate((t, text) => {
    t.value = text;
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

async function setNumber(page, id, value) {
  await page.getByTestId(id).fill(value);
  await page.getByTestId(id).press('Enter');
}

test('a failed parse keeps the text and the settings, across a reload too', async () => {
  const { context, page, errors } = await open();
  await page.getByTestId('variant').selectOption('zermelo');
  await setNumber(page, 'sigma', '0.7');
  const bad = 'white,black,result\nAnna,Ben,1-0\nAnna,Ben,maybe\n';
  await (await editInput(page)).fill(bad);
  await page.getByTestId('error-item').first().waitFor();
  assert.equal(await input(page), bad);
  await page.reload();
  await page.getByTestId('error-item').first().waitFor({ timeout: 30000 });
  assert.equal(await input(page), bad);
  assert.match(await page.getByTestId('error-item').first().textContent(), /line 3/);
  assert.equal(await page.getByTestId('variant').inputValue(), 'zermelo');
  assert.equal(await page.getByTestId('sigma').inputValue(), '0.7');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a cancelled fit keeps the input and the settings, across a reload too', async () => {
  const { context, page, errors } = await open();
  // Heavy damping and a tiny tolerance: a long way to go, plenty of time to cancel.
  await page.getByTestId('variant').selectOption('zermelo');
  await setNumber(page, 'eps', '1e-15');
  await setNumber(page, 'max-iter', '1000000');
  await setNumber(page, 'sigma', '1000');
  const text = league(1000, 20000);
  await setInput(page, text);
  await page.getByTestId('cancel').waitFor({ timeout: 20000 });
  await page.waitForFunction(() => /iteration [1-9]/.test((document.querySelector('[data-testid=status]')?.textContent ?? '')), null, { timeout: 30000 });
  await page.getByTestId('cancel').click();
  await page.waitForFunction(() => (document.querySelector('[data-testid=status]')?.textContent ?? '').startsWith('Cancelled after'), null, { timeout: 20000 });
  const check = async () => {
    assert.equal(await input(page), text);
    assert.equal(await page.getByTestId('variant').inputValue(), 'zermelo');
    assert.equal(await page.getByTestId('sigma').inputValue(), '1000');
    assert.equal(await page.getByTestId('eps').inputValue(), '1e-15');
    assert.equal(await page.getByTestId('max-iter').inputValue(), '1000000');
  };
  await check();
  await page.reload();
  await page.getByTestId('cancel').waitFor({ timeout: 20000 });
  await check();
  await page.getByTestId('cancel').click();
  assert.deepEqual(errors, []);
  await context.close();
});

/** Fills the site's local storage to the last few bytes. */
async function fillStorage(page) {
  await page.evaluate(() => {
    let n = Object.keys(localStorage).filter((k) => k.startsWith('filler-')).length;
    for (const size of [1 << 20, 1 << 14, 1 << 8, 1]) {
      try {
        for (;;) localStorage.setItem(`filler-${n++}`, 'x'.repeat(size));
      } catch { /* full at this size: try smaller */ }
    }
  });
}

test('a full storage is reported, not swallowed', async () => {
  const { context, page, errors } = await open();
  await fillStorage(page);
  // Longer than the example kept now, so it cannot take its place.
  const text = league(40, 3000);
  await setInput(page, text);
  await page.getByTestId('not-stored').waitFor();
  assert.match(await page.getByTestId('not-stored').textContent(), /storage is full \(QuotaExceededError\): this input could not be kept, so will not survive a reload/);
  await fillStorage(page);
  await page.getByTestId('anchor').fill('A name long enough to need more room than the storage has left');
  await page.getByTestId('anchor').press('Enter');
  await page.getByTestId('settings-not-kept').waitFor();
  assert.match(await page.getByTestId('settings-not-kept').textContent(), /storage is full.*the settings could not be kept/);
  await page.screenshot({ path: `${ARTIFACTS}/storage-full.png` });
  // Room again: the next change is kept, and the notes go.
  await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('filler-')).forEach((k) => localStorage.removeItem(k)));
  await (await editInput(page)).fill(CHESS);
  await page.getByTestId('anchor').fill('');
  await page.getByTestId('anchor').press('Enter');
  await page.waitForFunction(() => !document.querySelector('[data-testid=not-stored]') && !document.querySelector('[data-testid=settings-not-kept]'));
  await page.reload();
  assert.equal(await input(page), CHESS);
  assert.deepEqual(errors, []);
  await context.close();
});

async function drop(page, name, text) {
  const dt = await page.evaluateHandle(([name, text]) => {
    const d = new DataTransfer();
    d.items.add(new File([text], name, { type: 'text/csv' }));
    return d;
  }, [name, text]);
  await page.dispatchEvent('.page', 'drop', { dataTransfer: dt });
}

test('Clear, opening a file and dropping a file keep the input before one step back, with Undo', async () => {
  const { context, page, errors } = await open();
  const undo = () => page.getByTestId('undo').click();
  const bar = () => page.getByTestId('undo-text').textContent();
  await (await editInput(page)).fill(CHESS);
  await rows(page, 4);
  // Clear, then Undo.
  await page.getByTestId('clear').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=input]').value === '');
  assert.match(await bar(), /^Cleared the results \(8 lines\)\.$/);
  assert.equal(await page.getByTestId('undo').textContent(), 'Undo');
  // An empty input is nothing to fix, and nothing of the last fit stays on the page.
  await page.waitForFunction(() => (document.querySelector('[data-testid=status]')?.textContent ?? '').startsWith('Paste results'));
  assert.equal(await page.getByTestId('errors').locator('li').count(), 0, 'no error for an empty input');
  assert.ok(await page.getByTestId('convergence-chart').isHidden(), 'no chart of a fit that no longer applies');
  assert.ok(await page.getByTestId('export-csv').isDisabled(), 'nothing to download');
  await page.screenshot({ path: `${ARTIFACTS}/undo.png` });
  await undo();
  await rows(page, 4);
  assert.equal(await input(page), CHESS);
  assert.equal(await page.getByTestId('undo-bar').count(), 0, 'nothing left to undo');
  // Open a file, then Undo, then Redo.
  await page.getByTestId('file-input').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from(OTHER) });
  await rows(page, 3);
  assert.match(await bar(), /^Opened other\.csv in place of the results before \(8 lines\)\.$/);
  await undo();
  await rows(page, 4);
  assert.equal(await input(page), CHESS);
  // (Undo keeps a history now, issue 19 item 15: Redo is a button of its own.)
  assert.equal(await page.getByTestId('redo').isEnabled(), true);
  await page.getByTestId('redo').click();
  await rows(page, 3);
  assert.equal(await input(page), OTHER);
  // Drop a file, then Undo.
  await drop(page, 'dropped.csv', CHESS);
  await rows(page, 4);
  assert.match(await bar(), /^Read dropped\.csv, dropped on the page, in place of the results before \(4 lines\)\.$/);
  await undo();
  await rows(page, 3);
  assert.equal(await input(page), OTHER);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a large file kept in the browser comes back with Undo after Clear', async () => {
  const { context, page, errors } = await open(PHONE);
  const big = Buffer.from(league(300, 90000));
  assert.ok(big.length > 1e6);
  await page.getByTestId('file-input').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: big });
  await page.waitForFunction(() => /^CSV · 90000 games/.test(document.querySelector('[data-testid=format]').textContent), null, { timeout: 60000 });
  await finished(page);
  await page.getByTestId('clear').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=stored-file]').classList.contains('hidden'));
  // The file is read back out of IndexedDB before Undo offers it: wait for that, not just the hiding.
  await page.waitForFunction(() => /^Cleared the results/.test(document.querySelector('[data-testid=undo-text]')?.textContent ?? ''), null, { timeout: 30000 });
  assert.match(await page.getByTestId('undo-text').textContent(), /^Cleared the results \(big\.csv\)\.$/);
  await page.screenshot({ path: `${ARTIFACTS}/undo-phone.png` });
  await page.getByTestId('undo').click();
  await page.waitForFunction(() => /^CSV · 90000 games/.test(document.querySelector('[data-testid=format]').textContent), null, { timeout: 60000 });
  assert.match(await page.getByTestId('stored-about').textContent(), /^big\.csv · /);
  // Kept again in the browser: it survives a reload.
  await page.reload();
  await page.waitForFunction(() => /^CSV · 90000 games/.test((document.querySelector('[data-testid=format]')?.textContent ?? '')), null, { timeout: 60000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a lesson loads in one click, says what it teaches and whose data it is, and Undo brings the own data back', async () => {
  const { context, page } = await open();
  await setInput(page, CHESS);
  await rows(page, 4);
  await page.getByTestId('lesson').selectOption('missed-rounds');
  await rows(page, 6);
  assert.match(await page.getByTestId('lesson-note').textContent(), /Dee missed two games.*Data: made up for Ratings Lab \(CC0\)\./);
  assert.equal(await page.getByTestId('player-name').first().textContent(), 'Dee', 'the eigenvector puts Dee first');
  assert.match(await page.getByTestId('undo-text').textContent(), /^Loaded the lesson “Points or strength\? A round robin with missed games” in place of the results before \(8 lines\)\.$/);
  assert.equal(await page.getByTestId('lesson').inputValue(), '', 'the picker is ready for the next one');
  await page.screenshot({ path: `${ARTIFACTS}/lesson.png` });
  // The Swiss lesson opens the standings, with its credit.
  await page.getByTestId('lesson').selectOption('swiss-buchholz');
  await page.getByTestId('standings-table').waitFor();
  assert.match(await page.getByTestId('lesson-note').textContent(), /TieBreakServer \(MIT/);
  // Undo goes one step back (the first lesson), Undo again is Redo: the own data are one
  // click away from the lesson loaded first.
  await page.getByTestId('lesson').selectOption('missed-rounds');
  await rows(page, 6);
  await page.getByTestId('undo').click();
  await page.getByTestId('standings-table').waitFor();
  await context.close();
  const fresh = await open();
  await setInput(fresh.page, CHESS);
  await rows(fresh.page, 4);
  await fresh.page.getByTestId('lesson').selectOption('cycle');
  await rows(fresh.page, 3);
  await fresh.page.getByTestId('undo').click();
  await rows(fresh.page, 4);
  assert.equal(await input(fresh.page), CHESS);
  assert.equal(await fresh.page.getByTestId('lesson-note').count(), 0);
  await fresh.context.close();
});
