// A whole event at the desk as issue 36's "Done means" describes it: 40 players, 5 rounds of
// FIDE's Dutch system; round 3 paired wholly by hand; an adjourned game resolved later; a ½-0
// result; a player edited after round 2; players looked up in a 100,000-line list in FIDE's
// TXT format; the pairings, the prize list and the rating report printed to PDFs that are
// read back (pages, no blank page, titles); the export audited by `ratings-lab pair --check`,
// which names the hand-paired round and finds every other as the engine pairs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { ARTIFACTS, axe, confirmYes, FIDE_HEADER, newDeskTournament, pdfPages, PHONE, ROOT, seeded, siteForTests } from './browser.mjs';

const shared = siteForTests();
const CLI = `${ROOT}target/debug/ratings-lab`;


const SURNAMES = ['Berg', 'Dahl', 'Eide', 'Fossum', 'Haug', 'Lie', 'Moe', 'Nilsen', 'Ruud', 'Strand', 'Vik', 'Aas', 'Brekke', 'Holm', 'Lund'];
const GIVEN = ['Anna', 'Ola', 'Kari', 'Per', 'Ingrid', 'Lars', 'Sigrid', 'Nils', 'Marit', 'Jon'];
const FEDS = ['NOR', 'SWE', 'DEN', 'FIN', 'ISL', 'GER', 'POL', 'ESP'];
const pad = (s, n) => String(s).padEnd(n).slice(0, n);

/**
 * A players list in FIDE's TXT format (the header's columns), `n` players, deterministic:
 * ratings spread as a federation's (log-strength sd 1.5 on the Elo scale ≈ 260 points).
 */
function fideList(n, seed) {
  const rng = seeded(seed);
  const lines = [FIDE_HEADER];
  for (let i = 0; i < n; i++) {
    const gauss = Math.sqrt(-2 * Math.log(rng() + 1e-12)) * Math.cos(2 * Math.PI * rng());
    const rating = Math.max(1400, Math.min(2800, Math.round(1750 + 260 * gauss)));
    const name = `${SURNAMES[i % SURNAMES.length]}${Math.floor(i / SURNAMES.length)}, ${GIVEN[i % GIVEN.length]}`;
    const sex = i % 3 === 0 ? 'F' : 'M';
    const title = rating > 2500 ? 'GM' : rating > 2400 ? 'IM' : rating > 2300 ? 'FM' : '';
    lines.push(pad(40000000 + i, 15) + pad(name, 61) + pad(FEDS[i % FEDS.length], 4) + pad(sex, 4) + pad(title, 5) + pad('', 5) + pad('', 15)
      + pad('', 4) + pad(rating, 6) + pad(i % 30, 4) + pad(20, 3) + pad(rating - 50, 6) + pad(0, 4) + pad(20, 3) + pad(rating - 80, 6) + pad(0, 4) + pad(20, 3)
      + pad(1960 + (i % 50), 6) + (i % 7 === 0 ? 'i' : ''));
  }
  return lines.join('\n') + '\n';
}

async function press(page, testid, key = 'Enter') {
  await page.getByTestId(testid).first().focus();
  await page.keyboard.press(key);
}

/** Every page has more than its footer; the title and `must` appear. */
function checkPrinted(pages, what, must) {
  assert.ok(pages.length >= 1, `${what}: printed`);
  pages.forEach((p, i) => assert.ok(p.replace(/page \d+ of \d+/g, '').trim().length > 0, `${what}: page ${i + 1} of ${pages.length} is blank`));
  const all = pages.join('\n');
  assert.match(all, /Hall Event/, `${what}: the tournament's name`);
  for (const m of must) assert.match(all, m, what);
}

const resultsLeft = (page) => page.evaluate(() => document.querySelector('[data-testid=desk-next]')?.textContent ?? '');

async function waitBoards(page, round, n) {
  await page.waitForFunction(([r, b]) => (document.querySelector('[data-testid=desk-boards] caption')?.textContent ?? '').startsWith(`Round ${r}`)
    && document.querySelectorAll('[data-testid=desk-result]').length === b, [round, n], { timeout: 30000 });
}

async function waitPairable(page, round) {
  await page.waitForFunction((r) => (document.querySelector('[data-testid=desk-pair]')?.textContent ?? '') === `Pair round ${r}`
    || /Every round is played/.test(document.querySelector('[data-testid=desk-next]')?.textContent ?? ''), round, { timeout: 30000 });
}

/** One key a board, seeded, from board `from` to `to`. */
async function typeRound(page, rng, from, to) {
  await page.locator(`#desk-result-${from}`).focus();
  for (let b = from; b <= to; b++) await page.keyboard.type(['1', '1', '=', '0', '0'][Math.floor(rng() * 5)]);
}

const boardsOf = (page) => page.$$eval('[data-testid=desk-board]', (rows) => rows.map((r) => {
  const cells = r.querySelectorAll('td');
  return [parseInt(cells[1].textContent, 10), parseInt(cells[3].textContent, 10)];
}));

test('a 40-player event: hand-paired round, adjourned game, ½-0, a player edited, a 100,000-line FIDE list, printed and audited', { timeout: 600000 }, async () => {
  assert.ok(existsSync(CLI), `the command line is built first: ${CLI}`);
  const listFile = `${ARTIFACTS}/players_list_foa_2026-11.txt`;
  await writeFile(listFile, fideList(100000, 36));
  const { context, page, errors } = await newDeskTournament(shared);
  await page.getByTestId('desk-tname').fill('Hall Event');
  await page.getByTestId('desk-city').fill('Tromsø');
  await page.getByTestId('desk-start').fill('2026/11/27');
  await page.getByTestId('desk-end').fill('2026/11/29');
  await page.getByTestId('desk-rounds').fill('5');
  const players = 'name\trating\tfed\ttitle\n' + Array.from({ length: 39 }, (_, i) => `Player ${String(i + 1).padStart(2, '0')}\t${2410 - 23 * i}\tNOR\t${i < 2 ? 'FM' : ''}`).join('\n') + '\n';
  await page.getByTestId('desk-players').fill(players);
  await press(page, 'desk-create');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-player]').length === 39, null, { timeout: 30000 });
  // The FIDE list opened and a 40th player looked up in it by name, entered late (before round 1).
  await page.getByTestId('desk-list-file').setInputFiles(listFile);
  await page.waitForFunction(() => /100000 players, the list of 2026-11/.test(document.querySelector('[data-testid=desk-list-summary]')?.textContent ?? ''), null, { timeout: 120000 });
  await page.locator('[data-testid=desk-late] summary').click();
  await page.getByTestId('desk-late-lookup').fill('Strand0');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-late-found] [data-testid=desk-found-player]').length > 0, null, { timeout: 60000 });
  await page.locator('[data-testid=desk-late-found] [data-testid=desk-found-player]').first().click();
  assert.equal(await page.getByTestId('desk-late-id').inputValue(), '40000009');
  await press(page, 'desk-late-add');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-player]').length === 40, null, { timeout: 30000 });
  await axe(page, 'the desk with a rating list');
  const rng = seeded(3636);
  // Rounds 1 and 2 by the engine; round 2 with a ½-0 (by its button) and an adjourned game.
  for (const round of [1, 2]) {
    if (round === 1) await press(page, 'desk-colour', 'w');
    await press(page, 'desk-pair');
    await waitBoards(page, round, 20);
    if (round === 2) {
      await page.locator('#desk-result-1').focus();
      await press(page, 'desk-give-½-0');
      await page.locator('#desk-result-2').focus();
      await page.keyboard.press('?');
      await typeRound(page, rng, 3, 20);
      // The adjourned game counts as a provisional draw (FIDE's checklist Q167): the next round
      // may be paired, but not finalised; its result entered later replaces it.
      await waitPairable(page, 3);
      assert.match(await page.getByTestId('desk-result').nth(1).inputValue(), /^\?$/);
      await page.locator('#desk-result-2').focus();
      await page.keyboard.press('=');
      await page.waitForFunction(() => document.querySelector('#desk-result-2')?.value === '½-½', null, { timeout: 30000 });
    } else {
      await typeRound(page, rng, 1, 20);
    }
    await waitPairable(page, round + 1);
  }
  // A player edited after round 2: the rating and the title changed, logged in the file.
  await page.locator('[data-testid=desk-player]').nth(4).getByTestId('desk-edit').click();
  await page.getByTestId('desk-edit-rating').fill('2333');
  await page.getByTestId('desk-edit-title').fill('CM');
  await press(page, 'desk-edit-save');
  await page.waitForFunction(() => /CM Player 05/.test(document.querySelector('[data-testid=desk-player-table]')?.textContent ?? ''), null, { timeout: 30000 });
  await press(page, 'desk-edit-close');
  // Round 3 paired wholly by hand: 1-2, 3-4, … (a legal pairing the engine would not make).
  await press(page, 'desk-manual');
  const pairs = Array.from({ length: 20 }, (_, i) => `${2 * i + 1} ${2 * i + 2}`).join('\n');
  await page.getByTestId('desk-manual-boards').fill(pairs);
  await press(page, 'desk-manual-pair');
  const confirm = page.getByTestId('desk-confirm');
  await Promise.race([confirm.waitFor({ timeout: 30000 }).catch(() => {}), waitBoards(page, 3, 20).catch(() => {})]);
  if (await confirm.count()) {
    await page.screenshot({ path: `${ARTIFACTS}/desk-event-hand-confirm.png` });
    await confirmYes(page);
    if (await confirm.count()) await confirmYes(page);
  }
  await waitBoards(page, 3, 20);
  const seated = (await boardsOf(page)).map((b) => b.slice().sort((x, y) => x - y)).sort((a, b) => a[0] - b[0]);
  assert.deepEqual(seated, Array.from({ length: 20 }, (_, i) => [2 * i + 1, 2 * i + 2]), 'the boards as typed (in C.04.2\'s board order)');
  await typeRound(page, rng, 1, 20);
  for (const round of [4, 5]) {
    await waitPairable(page, round);
    await press(page, 'desk-pair');
    await waitBoards(page, round, 20);
    await typeRound(page, rng, 1, 20);
  }
  await page.waitForFunction(() => /Every round is played/.test(document.querySelector('[data-testid=desk-next]')?.textContent ?? ''), null, { timeout: 30000 });
  await page.screenshot({ path: `${ARTIFACTS}/desk-event-finished.png`, fullPage: true });
  // Printed: the pairings of round 5 (titles, the place, the date).
  await page.evaluate(() => { window.print = () => {}; });
  await press(page, 'desk-print-round');
  const pairings = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  checkPrinted(pairings, 'the pairings', [/Round 5/, /Tromsø/, /2026\/11\/27/, /FM Player 0[12]/]);
  // The prize list.
  await page.locator('[data-testid=desk-prizes-block] summary').click();
  await page.getByTestId('desk-prizes-table').fill('1: 500\n2: 300\n3: 200\nwomen: 50');
  await press(page, 'desk-prizes');
  await page.getByTestId('desk-prize-list').waitFor({ timeout: 30000 });
  await press(page, 'desk-print-prizes');
  const prizes = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  checkPrinted(prizes, 'the prize list', [/Prize list/i, /500/]);
  // The rating report.
  await press(page, 'desk-report-button');
  await page.getByTestId('desk-report-cards').waitFor({ timeout: 30000 });
  await press(page, 'desk-print-report');
  const report = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  checkPrinted(report, 'the rating report', [/FIDE rating report/]);
  await page.setViewportSize(PHONE);
  await page.getByTestId('desk-report-cards').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/desk-event-report-phone.png` });
  const wide = await page.$$eval('[data-testid=desk-report-card]', (cards) => cards.filter((c) => c.getBoundingClientRect().right > window.innerWidth + 1).length);
  assert.equal(wide, 0, 'each player\'s report fits a phone\'s width');
  assert.equal(await page.getByTestId('desk-report-card').count(), 40);
  await axe(page, 'the desk at phone width, the report shown');
  // Exported and audited: the hand-paired round named, the others as the engine pairs them.
  const [download] = await Promise.all([page.waitForEvent('download'), press(page, 'desk-export')]);
  const file = `${ARTIFACTS}/desk-event.trf`;
  await download.saveAs(file);
  let check;
  try {
    check = execFileSync(CLI, ['pair', file, '--check'], { encoding: 'utf8' });
  } catch (e) {
    check = String(e.stdout);
  }
  assert.match(check, /round 3/i, check);
  for (const r of [1, 2, 4, 5]) assert.doesNotMatch(check, new RegExp(`round ${r}: (differs|not as)`, 'i'), check);
  const text = execFileSync('cat', [file], { encoding: 'utf8' });
  assert.match(text, /### manual round 3: paired by hand/);
  assert.match(text, /### edit player 5: /);
  assert.deepEqual(errors, []);
  await context.close();
});
