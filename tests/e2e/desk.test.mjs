// The tournament desk (issue 22): a 30-player, 7-round Swiss from a pasted player list to
// the final standings with the keyboard alone (focus moved as Tab would, every action a key),
// results random but seeded; the page killed in the middle of round 4's results and opened
// again, losing nothing; the exported TRF audited by the command line (`pair --check`: the
// Dutch system in every round) and ranked by `tiebreaks` as the page ranks it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { ARTIFACTS, axe, confirmYes, newDeskTournament, PHONE, ROOT, seeded, siteForTests } from './browser.mjs';

const shared = siteForTests();
// Built by the test command's `cargo test` before these tests run.
const CLI = `${ROOT}target/debug/ratings-lab`;

const FEDS = ['NOR', 'GER', 'FRA', 'ESP', 'IND'];
const PLAYERS = 'name\trating\tfed\n' + Array.from({ length: 30 }, (_, i) => `Player ${String(i + 1).padStart(2, '0')}\t${2350 - 29 * i + (i % 4) * 7}\t${FEDS[i % 5]}`).join('\n') + '\n';

// A forfeit won by black is typed -+ (`-` alone begins a score sheet's result: src/core/entry.rs).
const KEYS = ['1', '1', '1', '=', '=', '0', '0', '0', '+', '-+'];

/** Focuses a control (as Tab would reach it) and presses a key on it. */
async function press(page, testid, key = 'Enter') {
  await page.getByTestId(testid).first().focus();
  await page.keyboard.press(key);
}

const resultValues = (page) => page.$$eval('[data-testid=desk-result]', (xs) => xs.map((x) => x.value));

async function pdfText(pdf) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Waits until round `round` is paired and shown with its 15 boards. */
async function paired(page, round) {
  await page.waitForFunction((r) => (document.querySelector('[data-testid=desk-boards] caption')?.textContent ?? '').startsWith(`Round ${r}`)
    && document.querySelectorAll('[data-testid=desk-result]').length === 15, round, { timeout: 30000 });
}

/** Types the results of boards `from`..`to` of the round shown, the cursor moving by itself. */
async function typeResults(page, rng, from, to = 15) {
  await page.locator(`#desk-result-${from}`).focus();
  for (let b = from; b <= to; b++) {
    const key = KEYS[Math.floor(rng() * KEYS.length)];
    await page.keyboard.type(key);
  }
}

/** A fresh browser (nothing kept) on the site, the example rated, the desk's new-tournament form open. */
const newTournament = () => newDeskTournament(shared);

test('a 30-player, 7-round Swiss at the desk, keyboard only, killed mid-round and audited', { timeout: 300000 }, async () => {
  assert.ok(existsSync(CLI), `the command line is built first (cargo build -p ratings-lab-cli): ${CLI}`);
  const fresh = await newTournament();
  const { context, errors } = fresh;
  let { page } = fresh;
  await page.getByTestId('desk-tname').focus();
  await page.keyboard.type('Hall Open');
  await page.getByTestId('desk-players').focus();
  await page.keyboard.insertText(PLAYERS);
  await press(page, 'desk-create');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-player]').length === 30, null, { timeout: 30000 });
  await axe(page, 'the desk, registered');
  const rng = seeded(2026);
  for (let round = 1; round <= 7; round++) {
    if (round === 1) await press(page, 'desk-colour', 'w');
    await press(page, 'desk-pair');
    await paired(page, round);
    if (round === 2) {
      // A wrong key is refused in place: said at once, the box unchanged.
      await page.locator('#desk-result-1').focus();
      await page.keyboard.press('x');
      assert.match(await page.getByTestId('desk-key-note').textContent(), /Board 1: 'x' is not a result/);
      assert.equal((await resultValues(page))[0], '');
    }
    if (round === 4) {
      // Killed in the middle of the round, 7 results typed: the page closed without a word.
      await typeResults(page, rng, 1, 7);
      const before = await resultValues(page);
      assert.equal(before.filter((v) => v !== '').length, 7);
      await page.waitForTimeout(300);
      await page.close({ runBeforeUnload: false });
      page = await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${shared.site.origin}/`);
      await paired(page, 4);
      await page.waitForFunction(() => /8 results to enter/.test(document.querySelector('[data-testid=desk-next]')?.textContent ?? ''), null, { timeout: 30000 });
      assert.deepEqual(await resultValues(page), before, 'every result typed before the page was killed is there');
      await page.screenshot({ path: `${ARTIFACTS}/desk-reopened.png` });
      await typeResults(page, rng, 8);
    } else {
      await typeResults(page, rng, 1);
    }
    await page.screenshot({ path: `${ARTIFACTS}/desk-round-${round}.png`, fullPage: true });
    await page.waitForFunction((r) => {
      const next = document.querySelector('[data-testid=desk-pair]')?.textContent ?? document.querySelector('[data-testid=desk-next]')?.textContent ?? '';
      return next === `Pair round ${r + 1}` || /Every round is played/.test(next);
    }, round, { timeout: 30000 });
  }
  await page.screenshot({ path: `${ARTIFACTS}/desk-finished.png`, fullPage: true });
  await axe(page, 'the desk, finished');
  // The last round's pairings as printed: the title, the 15 boards with names and results,
  // no buttons.
  const sheet = await page.pdf({ preferCSSPageSize: true });
  await writeFile(`${ARTIFACTS}/desk-pairings.pdf`, sheet);
  const printed = await pdfText(sheet);
  assert.match(printed, /Hall Open/);
  assert.match(printed, /Round 7/);
  assert.equal((printed.match(/Player \d\d \(\d{4}\)/g) ?? []).length, 30, printed);
  assert.doesNotMatch(printed, /Why these pairings|Export TRF|Undo/);
  // The rating report (B.02) and norm check, shown and printed.
  await press(page, 'desk-report-button');
  await page.getByTestId('desk-report').waitFor({ state: 'attached' });
  assert.match(await page.getByTestId('desk-report').textContent(), /Player 01/);
  // The browser's print dialog stood in for (headless Chromium would print at once): the
  // page's own print asked for, then printed here.
  await page.evaluate(() => { window.print = () => { window.printAsked = true; }; });
  await press(page, 'desk-print-report');
  await page.waitForFunction(() => window.printAsked === true);
  await page.waitForFunction(() => document.querySelector('[data-testid=desk-panel]').classList.contains('print-report'));
  const report = await pdfText(await page.pdf({ preferCSSPageSize: true }));
  assert.match(report, /FIDE rating report/);
  assert.doesNotMatch(report, /Round 7/);
  // Exported, and audited by the command line.
  const [download] = await Promise.all([page.waitForEvent('download'), press(page, 'desk-export')]);
  const file = `${ARTIFACTS}/desk-hall-open.trf`;
  await download.saveAs(file);
  const check = execFileSync(CLI, ['pair', file, '--check'], { encoding: 'utf8' });
  assert.match(check, /all 7 rounds identical/);
  const cli = JSON.parse(execFileSync(CLI, ['tiebreaks', file, '--format', 'json'], { encoding: 'utf8' }));
  // A published K given at the desk: the report is the command line's with the same flag.
  await page.getByTestId('desk-k').focus();
  await page.keyboard.type('1=40');
  await press(page, 'desk-report-again');
  await page.waitForFunction(() => /rating 2350, K 40/.test(document.querySelector('[data-testid=desk-report]')?.textContent ?? ''));
  const cliReport = execFileSync(CLI, ['report', file, '--k-factor', '1=40'], { encoding: 'utf8' });
  assert.equal((await page.getByTestId('desk-report').textContent()).trim(), cliReport.trim(), 'the page\'s report is the command line\'s');
  // Pairing cards: one a player, to cut and hand out.
  await press(page, 'desk-print-cards');
  await page.waitForFunction(() => document.querySelector('[data-testid=desk-panel]').classList.contains('print-cards'));
  const cards = await pdfText(await page.pdf({ preferCSSPageSize: true }));
  assert.equal((cards.match(/plays (white|black) against/g) ?? []).length, 30, cards);
  assert.match(cards, /Hall Open · round 7 · board 1/);
  // Imported again, the exported file is the same tournament: its export is the same file.
  const progress = await page.getByTestId('desk-progress').textContent();
  await press(page, 'desk-close');
  await page.getByTestId('desk-import').setInputFiles(file);
  await page.waitForFunction((p) => document.querySelector('[data-testid=desk-progress]')?.textContent === p
    && document.querySelector('[data-testid=desk-name]')?.textContent === 'Hall Open', progress, { timeout: 30000 });
  // The import's check shown, and written in the file (the change Undo would take back).
  await page.getByTestId('desk-import-report').waitFor({ timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid=desk-undo]')?.disabled, null, { timeout: 30000 });
  const [again] = await Promise.all([page.waitForEvent('download'), press(page, 'desk-export')]);
  await again.saveAs(`${file}.again`);
  // The import's check is written in the file (### import: what was adjusted in reading it);
  // apart from those lines, the same file.
  const unmarked = async (f) => (await readFile(f, 'utf8')).split('\n').filter((l) => !l.startsWith('### import:')).join('\n');
  assert.equal(await unmarked(`${file}.again`), await unmarked(file), 'the round trip gives the same file');
  assert.match(await readFile(`${file}.again`, 'utf8'), /### import: /, 'the adjustments made in reading it are written');
  await press(page, 'desk-close');
  assert.equal(await page.getByTestId('desk-kept').count(), 2, 'kept side by side');
  await press(page, 'desk-open');
  await page.getByTestId('desk-standings').waitFor();
  // The players' view on a second screen: the last round and the standings, at phone width.
  const [second] = await Promise.all([context.waitForEvent('page'), press(page, 'desk-players-view')]);
  await second.setViewportSize(PHONE);
  await second.waitForFunction(() => document.querySelectorAll('[data-testid=pv-standing]').length === 30
    && document.querySelectorAll('[data-testid=pv-board]').length === 15, null, { timeout: 30000 });
  const shownToPlayers = await second.$$eval('[data-testid=pv-name]', (xs) => xs.map((x) => x.textContent.trim()));
  assert.deepEqual(shownToPlayers, cli.players.map((p) => p.name), 'the players see the standings the arbiter sees');
  await axe(second, 'the players\' view');
  // A player finds their line by start number (two of one name are told apart so).
  await second.getByTestId('pv-find').fill('7');
  await second.waitForFunction(() => [...document.querySelectorAll('[data-testid=pv-standing]')].filter((r) => r.offsetParent !== null).length === 1);
  await second.getByTestId('pv-find').fill('');
  await second.screenshot({ path: `${ARTIFACTS}/desk-players-view-phone.png`, fullPage: true });
  await second.close();
  // Saved as one file with the tournament inside, opened from a file with no server.
  const [saved] = await Promise.all([page.waitForEvent('download'), press(page, 'desk-players-file')]);
  const playersFile = `${ARTIFACTS}/hall-open-players.html`;
  await saved.saveAs(playersFile);
  const offline = await shared.browser.newContext({ viewport: PHONE });
  const alone = await offline.newPage();
  const requests = [];
  alone.on('request', (r) => { if (!/^(file|data|blob):/.test(r.url())) requests.push(r.url()); });
  alone.on('pageerror', (e) => errors.push(String(e)));
  await alone.goto(`file://${playersFile}`);
  await alone.waitForFunction(() => document.querySelectorAll('[data-testid=pv-standing]').length === 30, null, { timeout: 30000 });
  assert.deepEqual(await alone.$$eval('[data-testid=pv-name]', (xs) => xs.map((x) => x.textContent.trim())), shownToPlayers);
  assert.deepEqual(requests, [], 'nothing fetched');
  await offline.close();
  // The page's standings of the same file: the organiser's view.
  await press(page, 'desk-standings');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 30, null, { timeout: 60000 });
  const names = await page.$$eval('[data-testid=standing-name]', (xs) => xs.map((x) => x.textContent.trim()));
  assert.deepEqual(names, cli.players.map((p) => p.name), 'ranked as `ratings-lab tiebreaks` ranks it');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a result typed and the page reloaded at once is kept, and so is an undo (the journal in local storage)', async () => {
  const { context, page, errors } = await newTournament();
  await page.getByTestId('desk-tname').fill('Blitz');
  await page.getByTestId('desk-players').fill('name,rating\nAnna,2100\nBen,2000\nCleo,1900\nDan,1800\n');
  await press(page, 'desk-create');
  await press(page, 'desk-colour', 'w');
  await press(page, 'desk-pair');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-result]').length === 2);
  /** The results still to enter once the desk is back (0: the next round to pair). */
  const left = async () => {
    await page.waitForFunction(() => /results to enter/.test(document.querySelector('[data-testid=desk-next]')?.textContent ?? '')
      || document.querySelector('[data-testid=desk-pair]'), null, { timeout: 30000 });
    const next = await page.evaluate(() => document.querySelector('[data-testid=desk-next]')?.textContent ?? '');
    return Number(next.match(/(\d+) results to enter/)?.[1] ?? 0);
  };
  // Before this journal, IndexedDB had not begun its write when the page went: the result
  // came back blank every time.
  for (const [board, key, expected] of [[1, '=', 1], [2, '1', 0]]) {
    await page.locator(`#desk-result-${board}`).focus();
    await page.keyboard.press(key);
    await page.reload();
    assert.equal(await left(), expected, `board ${board}: '${key}', then a reload at once`);
  }
  assert.deepEqual(await resultValues(page), ['½-½', '1-0']);
  await press(page, 'desk-undo');
  await page.reload();
  assert.equal(await left(), 1, 'the undo kept across a reload at once');
  assert.deepEqual(errors, []);
  await context.close();
});

test('at the desk every change can be undone, across a reload; the arbiter\'s changes are marked; a bad players list is refused by line', async () => {
  const { context, page, errors } = await newTournament();
  await page.getByTestId('desk-tname').fill('Club night');
  // A bad field: refused, naming the line and the column; the list stays as typed.
  await page.getByTestId('desk-players').fill('name,rating\nAnna,2100\nBen,21OO\nCleo,1900\nDan,1800\n');
  await press(page, 'desk-create');
  await page.getByTestId('desk-failure').waitFor();
  assert.match(await page.getByTestId('desk-failure').textContent(), /line 3, column 'rating': expected a rating/);
  assert.match(await page.getByTestId('desk-players').inputValue(), /Ben,21OO/);
  // Ranked by national rating where there is one (TRF-2026's 172 NIDOF): Ben (national
  // 2000) goes before Cleo (1900), whom his FIDE rating (1850) would put after.
  await page.getByTestId('desk-players').fill('name,rating,national\nAnna,2100,\nBen,1850,2000\nCleo,1900,\nDan,1800,\n');
  await page.getByTestId('desk-fed').fill('NOR');
  await page.getByTestId('desk-ranking').selectOption('NIDOF');
  await press(page, 'desk-create');
  await press(page, 'desk-colour', 'w');
  await press(page, 'desk-pair');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-result]').length === 2);
  // Colours swapped by the arbiter in a session of hand changes: marked on the board.
  await press(page, 'desk-manual-begin');
  await page.getByTestId('desk-swap').first().waitFor();
  await press(page, 'desk-swap');
  const asked = page.getByTestId('desk-confirm');
  if (await asked.waitFor({ timeout: 3000 }).then(() => true, () => false)) await confirmYes(page);
  await page.waitForFunction(() => /changed by the arbiter/.test(document.querySelector('[data-testid=desk-board]')?.textContent ?? ''));
  await page.locator('#desk-result-1').focus();
  await page.keyboard.press('=');
  await page.waitForFunction(() => /1 results to enter/.test(document.querySelector('[data-testid=desk-next]')?.textContent ?? ''));
  // Reloaded: the undo stack is kept. Undo takes back the result, the swap, the session begun,
  // the pairing.
  await page.reload();
  await page.waitForFunction(() => /1 results to enter/.test(document.querySelector('[data-testid=desk-next]')?.textContent ?? ''), null, { timeout: 30000 });
  await press(page, 'desk-undo');
  await page.waitForFunction(() => /2 results to enter/.test(document.querySelector('[data-testid=desk-next]')?.textContent ?? ''));
  await press(page, 'desk-undo');
  await page.waitForFunction(() => !/changed by the arbiter/.test(document.querySelector('[data-testid=desk-boards]')?.textContent ?? 'x'));
  await press(page, 'desk-undo');
  await page.getByTestId('desk-manual-begin').waitFor();
  await press(page, 'desk-undo');
  await page.getByTestId('desk-pair').waitFor();
  assert.equal(await page.getByTestId('desk-undo').isDisabled(), true, 'back to the registration: nothing more to undo');
  // A late entry before round 4 takes its place by rating (C.04.2) and the players below move
  // down one; a change clicked while the entry is still on its way (Ben's withdrawal, Ben
  // shown as number 2) follows Ben to number 3.
  await page.evaluate(() => {
    const set = (id, v) => {
      const el = document.querySelector(`[data-testid=${id}]`);
      el.value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    set('desk-late-name', 'Zoe');
    set('desk-late-rating', '2050');
    document.querySelector('[data-testid=desk-late-add]').click();
    const ben = [...document.querySelectorAll('[data-testid=desk-player]')].find((r) => r.textContent.includes('Ben'));
    ben.querySelector('[data-testid=desk-withdraw]').click();
  });
  await page.waitForFunction(() => /withdrawn/.test(document.querySelector('[data-testid=desk-player-table]')?.textContent ?? ''));
  const table = await page.$$eval('[data-testid=desk-player]', (rs) => rs.map((r) => [...r.cells].slice(0, 2).map((c) => c.textContent).join(' ')));
  assert.deepEqual(table, ['1 Anna', '2 Zoe', '3 Ben (withdrawn)', '4 Cleo', '5 Dan']);
  assert.match(await page.locator('[data-testid=desk-player-table] caption').textContent(), /initial order by national rating, else FIDE/);
  await axe(page, 'the desk after undo');
  assert.deepEqual(errors, []);
  await context.close();
});
