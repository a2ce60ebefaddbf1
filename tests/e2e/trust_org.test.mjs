// Issue 19, the organiser's items: a long Swiss's crosstable printed whole (11), what
// chess-results and Swiss-Manager print beside the standings (12: title, federation, category
// lists, points before the round, every round's pairings, FIDE's recommended order by event
// type) and team events (13: team tiebreaks reordered, the file's order by default, team
// matches with their boards, a team crosstable, no players' rank check). The long Swiss is
// generated here (20 rounds, 22 players); the lichess Swiss in ../shared is GPL data, whose
// test skips, saying so, when it is absent. PDFs and screenshots go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { access, readFile, writeFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, siteForTests } from './browser.mjs';

const { open } = siteForTests();
const HELD = `${ROOT}engine/tests/data/trf`;
const LICHESS = `${ROOT}../shared/data/competichess_trf_real/lichess_swiss_j8rtJ5GL.trf`;
const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;

/** The text of each page of a PDF. */
async function pdfPages(pdf) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { pages } = await parser.getText();
    return pages.map((p) => p.text);
  } finally {
    await parser.destroy();
  }
}

/** Each page's size in points, from the PDF's page dictionaries. */
function pageSizes(pdf) {
  const raw = Buffer.from(pdf).toString('latin1');
  return [...raw.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

const pad = (s, n) => String(s).padStart(n);
const padEnd = (s, n) => String(s).padEnd(n).slice(0, n);

/**
 * A Swiss-like TRF of `players` players and `rounds` rounds (the circle method's first
 * rounds, so no two meet twice), with long names, titles, federations, sex and years of
 * birth: the widest crosstable an organiser prints.
 */
function longSwiss(players, rounds) {
  const n = players % 2 ? players + 1 : players;
  const games = Array.from({ length: players + 1 }, () => []);
  for (let r = 0; r < rounds; r++) {
    const ring = [1, ...Array.from({ length: n - 1 }, (_, i) => 2 + ((i + r) % (n - 1)))];
    for (let i = 0; i < n / 2; i++) {
      const [a, b] = [ring[i], ring[n - 1 - i]];
      if (a > players || b > players) continue;
      const [lo, hi] = a < b ? [a, b] : [b, a];
      const upset = (lo + hi + r) % 4 === 0;
      const draw = (lo * 7 + hi * 3 + r) % 6 === 0;
      const lo_pts = draw ? 0.5 : upset ? 0 : 1;
      const white = (r + i) % 2 === 0 ? lo : hi;
      games[lo][r] = { opp: hi, colour: white === lo ? 'w' : 'b', pts: lo_pts };
      games[hi][r] = { opp: lo, colour: white === hi ? 'w' : 'b', pts: 1 - lo_pts };
    }
  }
  const titles = { 1: 'g', 2: 'm', 3: 'wg', 5: 'f' };
  const feds = ['ESP', 'FRA', 'GER', 'NOR'];
  const lines = ['012 Long Swiss of twenty rounds', '022 Testville', '042 2024/05/01', '052 2024/05/20', `062 ${players}`,
    '092 Individual: Swiss-System', `XXR ${rounds}`];
  for (let s = 1; s <= players; s++) {
    const rs = Array.from({ length: rounds }, (_, r) => games[s][r]);
    const points = rs.reduce((t, g) => t + (g ? g.pts : 0), 0);
    const sex = s % 4 === 0 ? 'w' : 'm';
    const born = 1950 + ((s * 7) % 60);
    const name = `Longname-${s}, Firstname Middlename`;
    let line = `001 ${pad(s, 4)} ${sex}${padEnd(titles[s] ?? '', 3)} ${padEnd(name, 33)} ${pad(2400 - s * 20, 4)} ${feds[s % 4]} ${pad(1000 + s, 11)} ${born}/01/01 ${pad(points.toFixed(1), 4)}     `;
    for (const g of rs) {
      const result = g ? (g.pts === 1 ? '1' : g.pts === 0 ? '0' : '=') : 'U';
      line += g ? `  ${pad(g.opp, 4)} ${g.colour} ${result}` : '  0000 - U';
    }
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

/** Opens a tournament's text through the file picker and waits for its standings. */
async function openTournament(page, name, text, players) {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=standing-row]').length === n, players, { timeout: 60000 });
}

const heads = (page, id = 'tiebreak-head') => page.locator(`[data-testid=${id}]`).allTextContents();

async function addTiebreak(page, code) {
  const n = (await heads(page)).length;
  await page.getByTestId('tiebreak-add').selectOption(code);
  await page.getByTestId('tiebreak-add-button').click();
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid=tiebreak-head]').length === k, n + 1, { timeout: 30000 });
}

/** Prints the crosstable; asserts every round column, the points and every tiebreak are on
 *  each page that has the table (the header repeats), and returns the PDF and its pages. */
async function printedCrosstable(page, rounds, codes, file) {
  await page.getByTestId('show-crosstable').click();
  await page.getByTestId('crosstable').waitFor();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await writeFile(`${ARTIFACTS}/${file}.pdf`, pdf);
  const pages = await pdfPages(pdf);
  const header = new RegExp([...Array.from({ length: rounds }, (_, i) => `R${i + 1}`), 'Pts', ...codes].map((c) => c.replace('-', '\\-')).join('\\s+'));
  const withTable = pages.filter((p) => /\bR1\b/.test(p));
  assert.ok(withTable.length >= 1, 'the crosstable is printed');
  for (const [i, text] of withTable.entries()) assert.match(text, header, `page ${i + 1}: a column is cut`);
  // The last column's values are printed too (the first row's last cell, as the page shows it).
  const last = await page.locator('[data-testid=cross-row]').first().locator('td').last().textContent();
  assert.ok(pages[0].includes(last), `the first row's ${codes.at(-1)} (${last}) is on the page`);
  return { pdf, pages };
}

test('a 20-round Swiss crosstable prints whole on A4: every round, the points and every tiebreak, the page turned', async () => {
  for (const rounds of [11, 20]) {
    const { context, page, errors } = await open();
    await openTournament(page, `long_${rounds}.trf`, longSwiss(22, rounds), 22);
    // Four tiebreaks, as the issue printed them: the default three and EIG.
    await addTiebreak(page, 'EIG');
    const codes = await heads(page);
    assert.deepEqual(codes, ['BH-C1', 'BH', 'SB', 'EIG']);
    const { pdf } = await printedCrosstable(page, rounds, codes, `crosstable-${rounds}-rounds`);
    const [w, h] = pageSizes(pdf)[0];
    assert.ok(w > h, `${rounds} rounds: an A4 page turned (${w} × ${h})`);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `${ARTIFACTS}/crosstable-${rounds}-print.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  }
  // A short Swiss still prints upright.
  const { context, page } = await open();
  await openTournament(page, 'held_swiss_5.trf', await readFile(`${HELD}/held_swiss_5.trf`, 'utf8'), 16);
  const { pdf } = await printedCrosstable(page, 5, await heads(page), 'crosstable-5-rounds');
  const [w, h] = pageSizes(pdf)[0];
  assert.ok(w < h, `5 rounds: upright (${w} × ${h})`);
  await context.close();
});

test('the real 20-round lichess Swiss: its crosstable prints every round, the points and the tiebreaks', async (t) => {
  const present = await access(LICHESS).then(() => true, () => false);
  if (!present) {
    t.skip(`${LICHESS} is absent (GPL data is not copied into the project)`);
    return;
  }
  const { context, page, errors } = await open();
  await openTournament(page, 'lichess.trf', await readFile(LICHESS, 'utf8'), 112);
  await printedCrosstable(page, 20, await heads(page), 'crosstable-lichess');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a team event: the file\'s team order by default, reordered like the players\', team matches with their boards, a team crosstable, no players\' rank check', async () => {
  const { context, page, errors } = await open();
  await page.getByTestId('file-input').setInputFiles(`${HELD}/fideteam_nocolor.trf`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=team-row]').length === 9, null, { timeout: 30000 });
  // TRF-2026 212 "PTS,BC,BBE": the team order in force, the file's ranks agreeing.
  assert.deepEqual(await heads(page, 'team-tiebreak-head'), ['BC', 'BBE']);
  assert.equal(await page.getByTestId('team-file-order').count(), 0);
  assert.equal(await page.locator('[data-testid=team-declared-rank].differs').count(), 0);
  // Reordered: a button, then the keys on a chip (the focus staying with it).
  await page.getByTestId('team-tiebreak-down').first().click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=team-tiebreak-head]')].map((h) => h.textContent).join() === 'BBE,BC');
  await page.getByTestId('team-tiebreak-chip').nth(1).focus();
  await page.keyboard.press('Home');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=team-tiebreak-head]')].map((h) => h.textContent).join() === 'BC,BBE');
  await page.waitForFunction(() => document.activeElement?.textContent.startsWith('1. BC'));
  // No players' rank check in a team event: its 001 ranks are not the players' ranks.
  assert.equal(await page.getByTestId('declared-check').count(), 0);
  await page.getByTestId('show-standings').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 18);
  assert.equal(await page.getByTestId('declared-check').count(), 0);
  assert.equal(await page.locator('th.file-rank').count(), 0);
  // Round pairings: the team matches, each with its boards under it.
  await page.getByTestId('show-pairings').click();
  await page.getByTestId('pairings-round').selectOption('1');
  await page.getByTestId('team-pairings').waitFor();
  const matches = await page.getByTestId('team-match').allTextContents();
  assert.equal(matches.length, 4, matches.join(' | '));
  assert.ok(matches.some((m) => /Team 1\s*2:0\s*Team 5/.test(m)), matches.join(' | '));
  const boards = await page.getByTestId('team-board').allTextContents();
  assert.equal(boards.length, 8);
  assert.ok(boards.some((b) => /T1B1 \(1, 2266\)\s*1 – 0\s*T5B1 \(9, 1895\)/.test(b)), boards.join(' | '));
  assert.match(await page.getByTestId('team-alone').textContent(), /Team 9: /);
  await page.screenshot({ path: `${ARTIFACTS}/team-pairings.png`, fullPage: true });
  // The team crosstable: teams in standings order, each round's opponent and game points.
  await page.getByTestId('show-team-crosstable').click();
  await page.getByTestId('team-crosstable').waitFor();
  const rows = await page.locator('[data-testid=team-cross-row]').evaluateAll((rs) => rs.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
  assert.equal(rows.length, 9);
  assert.deepEqual(rows[0].slice(0, 4), ['1', '1', 'Team 1', '5 2']);
  assert.deepEqual(rows[0].slice(10, 12), ['14.0', '13.5']);
  const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  assert.match(pages.join('\n'), /Rk\s+No\s+Team\s+R1\s+R2\s+R3\s+R4\s+R5\s+R6\s+R7\s+MP\s+GP\s+BC\s+BBE/);
  await page.screenshot({ path: `${ARTIFACTS}/team-crosstable.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('pairings with each player\'s points before the round, every round printed a page each; FIDE\'s recommended order by event type', async () => {
  const { context, page, errors } = await open();
  await openTournament(page, 'held_swiss_5.trf', await readFile(`${HELD}/held_swiss_5.trf`, 'utf8'), 16);
  assert.deepEqual(await heads(page), ['BH-C1', 'BH', 'SB']);
  const final = Object.fromEntries(await page.locator('[data-testid=standing-row]').evaluateAll((rs) => rs.map((r) => [
    r.querySelector('[data-testid=standing-name]').textContent, Number(r.querySelector('[data-testid=standing-points]').textContent)])));
  await page.getByTestId('show-pairings').click();
  await page.getByTestId('pairings').waitFor();
  const boards = async () => page.locator('[data-testid=board]').evaluateAll((rs) => rs.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
  // Round 5: points before it and the result add up to the final points.
  const gained = { '1-0': [1, 0], '0-1': [0, 1], '½-½': [0.5, 0.5], '+/−': [1, 0], '−/+': [0, 1] };
  const name = (cell) => cell.replace(/ \(.*$/, '');
  const toNumber = (s) => Number(s.replace('½', '.5').replace(/^\./, '0.'));
  for (const [, wp, white, result, black, bp] of await boards()) {
    assert.equal(toNumber(wp) + gained[result][0], final[name(white)], `${white} ${wp} ${result}`);
    assert.equal(toNumber(bp) + gained[result][1], final[name(black)], `${black} ${bp} ${result}`);
  }
  await page.getByTestId('pairings-round').selectOption('1');
  await page.waitForFunction(() => document.querySelector('.pairings caption')?.textContent.startsWith('Round 1'));
  assert.ok((await boards()).every((b) => b[1] === '0' && b[5] === '0'));
  // Every round, a printed page each.
  await page.getByTestId('pairings-round').selectOption('0');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=pairings]').length === 5);
  const pdf = await page.pdf({ preferCSSPageSize: true });
  await writeFile(`${ARTIFACTS}/pairings-every-round.pdf`, pdf);
  const pages = await pdfPages(pdf);
  for (let r = 1; r <= 5; r++) {
    const on = pages.findIndex((p) => p.includes(`Round ${r}: pairings and results`));
    assert.ok(on >= 0, `round ${r} is printed`);
    if (r > 1) assert.ok(!pages[on].includes(`Round ${r - 1}: pairings and results`), `round ${r} starts a page`);
  }
  // A round robin: direct encounter, wins, Sonneborn-Berger, Koya.
  await page.getByTestId('show-standings').click();
  await openTournament(page, 'held_round_robin.trf', await readFile(`${HELD}/held_round_robin.trf`, 'utf8'), 6);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tiebreak-head]')].map((h) => h.textContent).join() === 'DE,WIN,SB,KS');
  assert.deepEqual(errors, []);
  await context.close();
});

test('title, federation and category lists: women, an age group, a rating band, each ranked within itself', async () => {
  const { context, page, errors } = await open();
  await openTournament(page, 'long_20.trf', longSwiss(22, 20), 22);
  const first = await page.locator('[data-testid=standing-row]').evaluateAll((rs) => rs.map((r) => ({
    name: r.querySelector('[data-testid=standing-name]').textContent,
    title: r.querySelector('[data-testid=player-title]')?.textContent,
    fed: r.querySelector('[data-testid=standing-fed]')?.textContent,
  })));
  const one = first.find((r) => r.name.startsWith('Longname-1,'));
  assert.deepEqual([one.title, one.fed], ['GM', 'FRA']);
  assert.equal(first.find((r) => r.name.startsWith('Longname-3,')).title, 'WGM');
  const options = await page.locator('[data-testid=category] option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(['all', 'women', 's65', 'r2000'].every((v) => options.includes(v)), options.join());
  const shown = async () => page.locator('[data-testid=standing-row]').evaluateAll((rs) => rs.map((r) => [
    Number(r.querySelector('[data-testid=category-place]').textContent), Number(r.querySelector('td:nth-child(2)').textContent),
    r.querySelector('[data-testid=standing-name]').textContent]));
  // Women: starts 4, 8, ..., 20 (sex w), in the event's order, placed 1 to 5.
  await page.getByTestId('category').selectOption('women');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 5);
  const women = await shown();
  assert.deepEqual(women.map((w) => w[0]), [1, 2, 3, 4, 5]);
  assert.ok(women.every((w) => /^Longname-(4|8|12|16|20),/.test(w[2])), women.join(' | '));
  assert.ok(women.every((w, i) => i === 0 || w[1] >= women[i - 1][1]), 'the event\'s order kept');
  assert.match(await page.getByTestId('category-caption').textContent(), /^Women: /);
  // Seniors 65+ (born 1959 or earlier in 2024), rated under 2000.
  for (const [value, admits] of [['s65', (s) => 1950 + ((s * 7) % 60) <= 1959], ['r2000', (s) => 2400 - s * 20 < 2000]]) {
    await page.getByTestId('category').selectOption(value);
    const expected = Array.from({ length: 22 }, (_, i) => i + 1).filter(admits).length;
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=standing-row]').length === n, expected);
  }
  await page.screenshot({ path: `${ARTIFACTS}/category-desktop.png`, fullPage: true });
  const printed = (await pdfPages(await page.pdf({ preferCSSPageSize: true }))).join('\n');
  assert.match(printed, /Rated under 2000: the players in this category/);
  assert.doesNotMatch(printed, /Longname-1, /, 'only the category is printed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('axe: the new organiser views have no serious or critical violation, at desktop and phone width', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const at = viewport === PHONE ? 'phone' : 'desktop';
    const { context, page, errors } = await open(viewport);
    await page.evaluate(await readFile(AXE, 'utf8'));
    const axe = async (view) => {
      const violations = await page.evaluate(async () => (await window.axe.run(document)).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
      assert.deepEqual(violations, [], `${at} ${view}: ${violations.join('\n')}`);
    };
    await page.getByTestId('file-input').setInputFiles(`${HELD}/fideteam_nocolor.trf`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=team-row]').length === 9, null, { timeout: 30000 });
    await axe('team standings');
    await page.getByTestId('show-team-crosstable').click();
    await page.getByTestId('team-crosstable').waitFor();
    await axe('team crosstable');
    await page.locator('.standings-panel').screenshot({ path: `${ARTIFACTS}/team-crosstable-${at}.png` });
    await page.getByTestId('show-pairings').click();
    await page.getByTestId('team-pairings').waitFor();
    await axe('team pairings');
    await page.locator('.standings-panel').screenshot({ path: `${ARTIFACTS}/team-pairings-${at}.png` });
    await page.getByTestId('show-standings').click();
    await openTournament(page, 'long_20.trf', longSwiss(22, 20), 22);
    await page.getByTestId('category').selectOption('women');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 5);
    await axe('a category list');
    await page.locator('.standings-panel').screenshot({ path: `${ARTIFACTS}/category-${at}.png` });
    await page.getByTestId('show-crosstable').click();
    await page.getByTestId('crosstable').waitFor();
    await axe('a 20-round crosstable');
    await page.locator('.standings-panel').screenshot({ path: `${ARTIFACTS}/crosstable-20-${at}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  }
});
