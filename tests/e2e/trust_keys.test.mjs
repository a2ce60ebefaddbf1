// Issue 19, items 14-16: the keyboard (a skip link first, one Tab stop per tiebreak chip, a
// lessons menu that loads on Enter only), a link that carries the whole view (the compare view,
// the race, the player whose working is shown, the organiser's round and view), Undo that keeps
// a history, and a lesson that sets the method it teaches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS, DESKTOP, ROOT, finished, siteForTests } from './browser.mjs';

const site = siteForTests();
const TRF = `${ROOT}engine/tests/data/trf/held_swiss_5.trf`;
const CHESS = 'white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1-0\nAnna,Cleo,1/2-1/2\nDan,Anna,0-1\nDan,Ben,1/2-1/2\nCleo,Dan,1-0\n';
const rows = (page, n) => page.waitForFunction((n) => document.querySelectorAll('[data-testid=rating-row]').length === n, n, { timeout: 30000 });
const focusedId = (page) => page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.id ?? '');

async function setInput(page, text) {
  await page.getByTestId('input').evaluate((t, text) => {
    t.value = text;
    t.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

async function tournament(page) {
  await setInput(page, await readFile(TRF, 'utf8'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
  await finished(page);
}

test('the first Tab stop is a skip link to the answer: the ratings, or a tournament\'s standings', async () => {
  const { context, page, errors } = await site.open();
  await page.keyboard.press('Tab');
  assert.equal(await focusedId(page), 'skip-link');
  const box = await page.getByTestId('skip-link').boundingBox();
  assert.ok(box && box.x >= 0 && box.y >= 0, 'shown while it has the focus');
  await page.screenshot({ path: `${ARTIFACTS}/skip-link.png` });
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'results-title');
  await tournament(page);
  // (Kept in the browser: the page opens on the tournament.)
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
  await page.keyboard.press('Tab');
  assert.equal(await focusedId(page), 'skip-link');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'standings-title');
  assert.deepEqual(errors, []);
  await context.close();
});

test('each tiebreak chip is one Tab stop; arrows move it; its buttons still work by pointer', async () => {
  const { context, page, errors } = await site.open();
  await tournament(page);
  const n = await page.getByTestId('tiebreak-chip').count();
  assert.ok(n >= 3, `${n} chips`);
  await page.getByTestId('tiebreak-chip').first().focus();
  for (let i = 1; i < n; i++) {
    await page.keyboard.press('Tab');
    assert.equal(await focusedId(page), 'tiebreak-chip', `Tab ${i} lands on the next chip, not on a button`);
    assert.match(await page.evaluate(() => document.activeElement.textContent), new RegExp(`^${i + 1}\\. `));
  }
  await page.keyboard.press('Tab');
  assert.equal(await focusedId(page), 'tiebreak-add', 'past the last chip: the list to add one');
  // The pointer: the first chip's "later" button moves it and keeps the focus on that button.
  const first = (await page.getByTestId('tiebreak-head').allTextContents())[0];
  await page.getByTestId('tiebreak-down').first().click();
  await page.waitForFunction((c) => document.querySelectorAll('[data-testid=tiebreak-head]')[1]?.textContent === c, first);
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), `Move ${first} later`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lessons menu: the arrows only choose, Enter loads', async () => {
  const { context, page, errors } = await site.open();
  await setInput(page, CHESS);
  await rows(page, 4);
  await page.getByTestId('lesson').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(600);
  assert.equal(await page.getByTestId('input').inputValue(), CHESS, 'arrowing loads nothing');
  assert.equal(await page.getByTestId('lesson-note').count(), 0);
  await page.keyboard.press('Enter');
  await page.getByTestId('lesson-note').waitFor();
  assert.match(await page.getByTestId('lesson-note').textContent(), /^A cycle/, 'the lesson arrowed to (the second)');
  assert.equal(await page.getByTestId('lesson').inputValue(), '', 'the menu is back at its prompt');
  // Arrowed to and left: the menu does not keep naming a lesson that was not loaded.
  await page.getByTestId('lesson').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  assert.equal(await page.getByTestId('lesson').inputValue(), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a lesson sets the method it teaches: the card nights by multiplayer Elo, their foresight said in words', async () => {
  const { context, page, errors } = await site.open();
  await page.getByTestId('method').selectOption('elo');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'elo', null, { timeout: 30000 });
  await page.getByTestId('lesson').selectOption('card-games');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'multi_elo', null, { timeout: 30000 });
  await finished(page);
  assert.equal(await page.getByTestId('method').inputValue(), 'multi_elo');
  assert.equal(await page.getByTestId('errors').locator('li').count(), 0, 'no "no column for the first player"');
  const status = await page.getByTestId('status').textContent();
  assert.match(status, /^Rated in one pass through 6 events; foresight: the favourite \(the one highest rating before the event\) won \d+% of the \d+ events? that had one$/, status);
  assert.doesNotMatch(status, /accuracy 0\.0%/);
  // Undo takes the lesson back with the method it set.
  await page.getByTestId('undo').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'elo', null, { timeout: 30000 });
  assert.equal(await page.getByTestId('method').inputValue(), 'elo');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Undo keeps a history: ten changes back, and Redo forward again', async () => {
  const { context, page, errors } = await site.open();
  const texts = [];
  for (let i = 0; i < 12; i++) {
    const text = `white,black,result\nP${i}a,P${i}b,1-0\nP${i}b,P${i}c,1-0\n`;
    texts.push(text);
    await page.getByTestId('file-input').setInputFiles({ name: `f${i}.csv`, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.waitForFunction((t) => document.querySelector('[data-testid=input]').value === t, text);
  }
  for (let back = 1; back <= 10; back++) {
    await page.getByTestId('undo').click();
    await page.waitForFunction((t) => document.querySelector('[data-testid=input]').value === t, texts[11 - back], { timeout: 10000 });
  }
  assert.equal(await page.getByTestId('undo').isEnabled(), true, 'more than ten are kept');
  await page.getByTestId('redo').click();
  await page.waitForFunction((t) => document.querySelector('[data-testid=input]').value === t, texts[2]);
  // A new change after an Undo drops what could have been redone.
  await page.getByTestId('file-input').setInputFiles({ name: 'new.csv', mimeType: 'text/csv', buffer: Buffer.from(CHESS) });
  await rows(page, 4);
  assert.equal(await page.getByTestId('redo').count(), 0, 'nothing to redo');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Copy link: the link the page shows. */
async function copyLink(page) {
  await page.getByTestId('copy-link').click();
  await page.waitForFunction(() => /Copied|Copy it from the box/.test(document.querySelector('[data-testid=link-status]')?.textContent ?? ''));
  return page.getByTestId('link').inputValue();
}

test('a link carries the whole view: the compare view, the race and a player\'s working', async () => {
  const { context, page, errors } = await site.open();
  await setInput(page, CHESS);
  await rows(page, 4);
  await page.getByTestId('compare-open').click();
  await page.getByTestId('compare-shuffles').fill('7');
  await page.getByTestId('compare-shuffles').press('Enter');
  await page.getByTestId('compare-run').click();
  await page.waitForFunction(() => /^Compared/.test(document.querySelector('[data-testid=compare-status]')?.textContent ?? ''), null, { timeout: 60000 });
  await page.getByTestId('race-run').click();
  await page.getByTestId('race-table').waitFor({ timeout: 60000 });
  await page.getByTestId('variant').selectOption('alg1');
  await finished(page);
  await page.getByTestId('step-first').click();
  await page.getByTestId('step-next').click();
  await page.getByTestId('working-player').selectOption('Ben');
  await page.locator('[data-testid=working][data-method=brent]').waitFor({ timeout: 30000 });
  const url = await copyLink(page);
  await context.close();

  const fresh = await site.open(DESKTOP, { url });
  const p = fresh.page;
  await p.waitForFunction(() => /^Compared/.test(document.querySelector('[data-testid=compare-status]')?.textContent ?? ''), null, { timeout: 60000 });
  assert.equal(await p.getByTestId('compare-open').getAttribute('aria-expanded'), 'true');
  assert.equal(await p.getByTestId('compare-shuffles').inputValue(), '7');
  assert.equal(await p.getByTestId('compare-row').count(), 4);
  await p.getByTestId('race-table').waitFor({ timeout: 60000 });
  await p.locator('[data-testid=working][data-method=brent]').waitFor({ timeout: 30000 });
  assert.equal(await p.getByTestId('working-player').inputValue(), 'Ben');
  assert.match(await p.getByTestId('working').textContent(), /Ben/);
  await p.screenshot({ path: `${ARTIFACTS}/link-whole-view.png`, fullPage: true });
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
});

test('a link carries the organiser\'s round and view', async () => {
  const { context, page, errors } = await site.open();
  await tournament(page);
  await page.getByTestId('round').selectOption('3');
  await page.waitForFunction(() => document.querySelector('[data-testid=round]').value === '3');
  await page.getByTestId('show-crosstable').click();
  await finished(page);
  const url = await copyLink(page);
  await context.close();
  const fresh = await site.open(DESKTOP, { url });
  const p = fresh.page;
  await p.waitForFunction(() => document.querySelector('[data-testid=show-crosstable]')?.getAttribute('aria-pressed') === 'true', null, { timeout: 30000 });
  assert.equal(await p.getByTestId('round').inputValue(), '3');
  assert.deepEqual(fresh.errors, []);
  assert.deepEqual(errors, []);
  await fresh.context.close();
});
