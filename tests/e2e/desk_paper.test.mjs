// The desk's paper (issue 36, item 7): the round's time typed by the arbiter and printed on
// the pairings and the cards; the alphabetical list for the hall's notice board (names in
// order, accents aside, one page for 8 players, nothing else printed); the start list. Each
// printed to a PDF by Chromium and read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { ARTIFACTS, newDeskTournament, pdfPages, siteForTests } from './browser.mjs';

const shared = siteForTests();

async function press(page, testid, key = 'Enter') {
  await page.getByTestId(testid).first().focus();
  await page.keyboard.press(key);
}

/** Eight players, ratings falling (so start numbers in this order), names far from it. */
const NAMES = ['Zeller, Anna', 'Émile, Jean', 'Brown, Carl', 'Eaton, Bob', 'Ålund, Eva', 'Moreau, Léa', 'de Vries, Piet', 'Novak, Jan'];
const TABLE = 'name\trating\tfed\ttitle\tbirth\n'
  + NAMES.map((n, i) => `${n}\t${2300 - 37 * i}\t${i % 2 ? 'FRA' : 'NED'}\t${i === 0 ? 'GM' : ''}\t${i < 4 ? 1990 + i : ''}`).join('\n') + '\n';
/** Alphabetical, case and accents aside: Ålund as "alund", "de Vries" with the d's, Émile after Eaton. */
const ALPHABETICAL = ['Ålund', 'Brown', 'de Vries', 'Eaton', 'Émile', 'Moreau', 'Novak', 'Zeller'];

/** An 8-player, 5-round Swiss registered by the keyboard, with a place. */
async function register() {
  const opened = await newDeskTournament(shared);
  const { page } = opened;
  await page.getByTestId('desk-tname').focus();
  await page.keyboard.type('Paper Open');
  await page.getByTestId('desk-rounds').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('5');
  await page.getByTestId('desk-players').focus();
  await page.keyboard.insertText(TABLE);
  await press(page, 'desk-create');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-player]').length === 8, null, { timeout: 30000 });
  return opened;
}

/** The panel printed as `what` (the page's own print stood in for), its pages' text. */
async function printed(page, button, what) {
  await page.evaluate(() => { window.print = () => { window.printAsked = true; }; });
  await page.evaluate(() => { window.printAsked = false; });
  await press(page, button);
  await page.waitForFunction(() => window.printAsked === true);
  await page.waitForFunction((c) => document.querySelector('[data-testid=desk-panel]').classList.contains(c), what);
  const pdf = await page.pdf({ preferCSSPageSize: true });
  await writeFile(`${ARTIFACTS}/desk-${what}.pdf`, pdf);
  const pages = await pdfPages(pdf);
  // A page with nothing but its footer ("page 1 of 2") is blank.
  assert.ok(pages.length >= 1 && pages.every((p) => p.replace(/page \d+ of \d+/g, '').trim().length > 0), `${what}: no blank page (${pages.length} pages)`);
  return pages;
}

/** The names that begin a line of `text`, in order (a row of a printed list begins with its player). */
const leading = (text) => text.split('\n').map((l) => ALPHABETICAL.find((n) => l.trimStart().startsWith(n))).filter(Boolean);

test('the round time on the pairings and the cards; the alphabetical list and the start list printed alone', { timeout: 240000 }, async () => {
  const { context, page, errors } = await register();
  await press(page, 'desk-colour', 'w');
  await press(page, 'desk-pair');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-result]').length === 4, null, { timeout: 30000 });

  // The round's time, typed in the round view: the caption says the day and the time.
  const time = page.getByTestId('desk-round-time');
  assert.equal(await page.locator('label[for=desk-round-time]').textContent(), 'Round 1 starts at');
  await time.fill('15:00');
  const when = /Round 1 — (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4}, 15:00/;
  await page.waitForFunction(() => /15:00/.test(document.querySelector('[data-testid=desk-boards] caption')?.textContent ?? ''), null, { timeout: 30000 });
  assert.match(await page.locator('[data-testid=desk-boards] caption').textContent(), when);
  // Kept in the file: after a reload, the box and the caption still have it.
  await page.waitForTimeout(300);
  await page.reload();
  await page.getByTestId('desk-boards').waitFor({ timeout: 30000 });
  assert.equal(await page.getByTestId('desk-round-time').inputValue(), '15:00');

  // The pairings: the time in the heading, the four boards, neither list.
  const pairings = (await printed(page, 'desk-print-round', 'print-round')).join('\n');
  assert.match(pairings, when, pairings);
  assert.equal((pairings.match(/\(\d{4}\)/g) ?? []).length, 8, pairings);
  assert.doesNotMatch(pairings, /alphabetical order|Start list|starts at|Why these pairings/);

  // The cards: the time on each.
  const cards = (await printed(page, 'desk-print-cards', 'print-cards')).join('\n');
  assert.equal((cards.match(/plays (white|black) against/g) ?? []).length, 8, cards);
  assert.equal((cards.match(/15:00/g) ?? []).length, 8, cards);

  // The alphabetical list: on the page in order, printed on one page, nothing else with it.
  const rows = await page.$$eval('[data-testid=desk-alpha-row] td:first-child', (xs) => xs.map((x) => x.textContent));
  assert.deepEqual(rows.map((r) => ALPHABETICAL.find((n) => r.startsWith(n))), ALPHABETICAL, rows.join(' | '));
  const alpha = await printed(page, 'desk-print-alpha', 'print-alpha');
  assert.equal(alpha.length, 1, `one page for 8 players (${alpha.length})`);
  assert.match(alpha[0], /Paper Open/);
  assert.match(alpha[0], when);
  assert.deepEqual(leading(alpha[0]), ALPHABETICAL, alpha[0]);
  assert.equal((alpha[0].match(/White|Black/g) ?? []).length, 8, alpha[0]);
  assert.doesNotMatch(alpha[0], /Result|Start list|plays (white|black) against/);

  // The start list: by start number, title, federation, rating, birth year; alone.
  const start = (await printed(page, 'desk-print-start', 'print-start')).join('\n');
  assert.match(start, /Paper Open/);
  assert.match(start, /Start list/);
  const order = NAMES.map((n) => start.indexOf(n));
  assert.ok(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1])), `the players by start number: ${order}`);
  assert.match(start, /GM/);
  assert.match(start, /2300/);
  assert.match(start, /1990/);
  assert.doesNotMatch(start, /Opponent|Result|plays (white|black) against|alphabetical order/);

  // Back to the pairings: the lists are not printed with them.
  const again = (await printed(page, 'desk-print-round', 'print-round')).join('\n');
  assert.doesNotMatch(again, /alphabetical order|Start list/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the round time cleared leaves the pairings without one; the lists are not on the screen', { timeout: 180000 }, async () => {
  const { context, page, errors } = await register();
  await press(page, 'desk-colour', 'w');
  await press(page, 'desk-pair');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-result]').length === 4, null, { timeout: 30000 });
  await page.getByTestId('desk-round-time').fill('09:30');
  await page.waitForFunction(() => /09:30/.test(document.querySelector('[data-testid=desk-boards] caption')?.textContent ?? ''), null, { timeout: 30000 });
  await page.getByTestId('desk-round-time').fill('');
  await page.waitForFunction(() => !/09:30/.test(document.querySelector('[data-testid=desk-boards] caption')?.textContent ?? ''), null, { timeout: 30000 });
  // The two lists are for print only.
  assert.equal(await page.getByTestId('desk-alpha').isVisible(), false);
  assert.equal(await page.getByTestId('desk-start-list').isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});
