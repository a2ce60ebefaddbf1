// The organiser's desk: printed standings (Chromium's own PDF of the page, read back with
// pdf-parse), on real tournament files. The 52-player Swiss is GPL data kept in ../shared:
// its test skips, saying so, when it is absent. The PDF and a screenshot of the print layout
// go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { access, readFile, writeFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, siteForTests, editInput } from './browser.mjs';

const { open } = siteForTests();

const GROS = `${ROOT}../shared/data/competichess_trf_real/open_gros_2010_after_round4.trf`;

/** Opens a tournament file through the picker and waits for its standings. */
async function openTournament(page, path, players) {
  const buffer = await readFile(path);
  await page.getByTestId('file-input').setInputFiles({ name: path.split('/').pop(), mimeType: 'text/plain', buffer });
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=standing-row]').length === n, players, { timeout: 30000 });
}

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

test('printed standings of a 52-player Swiss: title block first, no blank page, numbered pages, a footnote per tiebreak', async (t) => {
  const present = await access(GROS).then(() => true, () => false);
  if (!present) {
    t.skip(`${GROS} is absent (GPL data is not copied into the project)`);
    return;
  }
  const { context, page, errors } = await open();
  await openTournament(page, GROS, 52);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await writeFile(`${ARTIFACTS}/standings.pdf`, pdf);
  const pages = await pdfPages(pdf);
  // 52 rows, a title block and the footnotes: two A4 pages, three at most, none blank.
  assert.ok(pages.length >= 1 && pages.length <= 3, `${pages.length} pages`);
  for (const [i, text] of pages.entries()) {
    const content = text.replace(/page \d+ of \d+/g, '').trim();
    assert.ok(content.length > 200, `page ${i + 1} is (nearly) blank: ${JSON.stringify(text.slice(0, 200))}`);
    assert.match(text, new RegExp(`page ${i + 1} of ${pages.length}`));
  }
  const first = pages[0];
  assert.match(first, /XX Open Internacional de Gros/);
  assert.match(first, /Donostia/);
  assert.match(first, /Chief arbiter: IA Mikel Larreategi Arana/);
  assert.match(first, /Tiebreaks, in order:\s+1\.\s+Buchholz\s+cut-1\s+\(BH-C1\),\s+2\.\s+Buchholz\s+\(BH\)/);
  assert.doesNotMatch(first, /Add a tiebreak|Download standings|Rating method/, 'no controls and no other panel');
  const all = pages.join('\n');
  assert.match(all, /BH-C1\s+—\s+Buchholz\s+cut-1:\s+Buchholz\s+without\s+the\s+lowest\s+opponent's\s+score/);
  // The table's header is repeated on every page it runs onto.
  for (const text of pages.filter((p) => /\n\s*\d+\s+\d+\s+\S/.test(p))) assert.match(text, /Rk\s+No\s+Name/);
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${ARTIFACTS}/standings-print.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

const HELD = `${ROOT}engine/tests/data/trf`;
const opposite = { 1: '0', 0: '1', '½': '½', '+': '−', '−': '+' };

/** The crosstable as the page shows it: per row, its number, name and the text of each cell. */
async function crossRows(page) {
  return page.locator('[data-testid=cross-row]').evaluateAll((rows) => rows.map((r) => {
    const cells = [...r.querySelectorAll('td')].map((td) => td.textContent);
    return { n: Number(cells[0]), name: cells[1], cells: cells.slice(3) };
  }));
}

test('a round robin\'s crosstable is square: each result mirrored in its opponent\'s row, with the other colour', async () => {
  const { context, page, errors } = await open();
  await openTournament(page, `${HELD}/held_round_robin.trf`, 6);
  await page.getByTestId('show-crosstable').click();
  await page.getByTestId('crosstable').waitFor();
  assert.equal(await page.getByTestId('crosstable').getAttribute('data-square'), 'true');
  await page.getByTestId('cross-order').selectOption('start');
  await page.waitForFunction(() => document.querySelector('[data-testid=cross-name]').textContent === 'Alyx');
  const rows = await crossRows(page);
  assert.deepEqual(rows.map((r) => r.name), ['Alyx', 'Bruno', 'Charline', 'David', 'Franck', 'Helene']);
  for (const [i, row] of rows.entries()) {
    assert.equal(row.cells[i], '×');
    for (let j = 0; j < rows.length; j++) {
      if (i === j) continue;
      const [result, colour] = [row.cells[j].slice(0, 1), row.cells[j].slice(1)];
      const back = rows[j].cells[i];
      assert.equal(back.slice(0, 1), opposite[result], `${row.name} against ${rows[j].name}: ${row.cells[j]} / ${back}`);
      assert.equal(back.slice(1), { w: 'b', b: 'w' }[colour], `${row.name} against ${rows[j].name}: colours`);
    }
  }
  // Alyx: drew Franck with white, beat Bruno with white; Franck lost to Helene by forfeit.
  assert.equal(rows[0].cells[4], '½w');
  assert.equal(rows[0].cells[1], '1w');
  assert.equal(rows[4].cells[5], '−w');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a round robin leaves the Buchholz tiebreaks of an order chosen on a Swiss out, says so, and does not offer them', async () => {
  const { context, page, errors } = await open();
  await openTournament(page, `${HELD}/held_swiss_5.trf`, 16);
  const heads = () => page.locator('[data-testid=tiebreak-head]').allTextContents();
  const options = () => page.locator('[data-testid=tiebreak-add] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
  // On a Swiss, Fore Buchholz is offered and added: the order chosen is kept in the settings.
  assert.ok((await options()).includes('FB'));
  await page.getByTestId('tiebreak-add').selectOption('FB');
  await page.getByTestId('tiebreak-add-button').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tiebreak-head]')].map((h) => h.textContent).join() === 'BH-C1,BH,SB,FB');
  assert.equal(await page.getByTestId('tiebreak-refused').count(), 0);
  // The round robin takes the same order without its Buchholz tie-breaks (FIDE's checklist
  // Q105), and says which it left out.
  await openTournament(page, `${HELD}/held_round_robin.trf`, 6);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tiebreak-head]')].map((h) => h.textContent).join() === 'SB');
  assert.match(await page.getByTestId('tiebreak-refused').textContent(), /^BH-C1, BH and FB: a round robin may not use Buchholz tie-breaks \(C\.07 8; FIDE's checklist for tournament programs, Q105\).*left out of the order of tiebreaks$/);
  assert.deepEqual(await page.locator('[data-testid=tiebreak-order] .chip-label').allTextContents(), ['1. SB']);
  const offered = await options();
  for (const code of ['BH', 'BH-C1', 'BH-C2', 'BH-M1', 'BH-M2', 'FB', 'FB-C1', 'AOB']) assert.ok(!offered.includes(code), `${code} offered for a round robin`);
  for (const code of ['DE', 'WIN', 'KS']) assert.ok(offered.includes(code), `${code} not offered`);
  await page.screenshot({ path: `${ARTIFACTS}/round-robin-buchholz-left-out.png`, fullPage: true });
  // An order edited here is the round robin's: nothing left out, nothing to say.
  await page.getByTestId('tiebreak-add').selectOption('DE');
  await page.getByTestId('tiebreak-add-button').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tiebreak-head]')].map((h) => h.textContent).join() === 'SB,DE');
  assert.equal(await page.getByTestId('tiebreak-refused').count(), 0);
  assert.deepEqual(await heads(), ['SB', 'DE']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a round robin\'s player who left under half their games is listed last, not counted, and the page says why (C.06 V.4a)', async () => {
  const { context, page, errors } = await open();
  const file = `${ROOT}engine/tests/data/tiebreak/tiebreakserver_rr_withdrawals_trf/drr6_withdrawn.trf`;
  await openTournament(page, file, 6);
  const rows = await page.locator('[data-testid=standing-row]').evaluateAll((rs) => rs.map((r) => ({
    rank: r.querySelector('[data-testid=standing-rank]').textContent,
    name: r.querySelector('[data-testid=standing-name]').textContent,
    points: r.querySelector('[data-testid=standing-points]').textContent,
    tag: r.querySelector('[data-testid=departure]')?.textContent ?? '',
  })));
  // Bert (#2) withdrew from round 5 of 10 with 4 games played: last, unranked, his mark beside
  // his name; the others ranked 1-5 on the points that do not count his games (TieBreakServer's
  // standings of the tournament without him: engine/tests/tiebreak.rs).
  assert.deepEqual(rows.at(-1), { rank: 'not counted', name: 'Bert', points: '2.0', tag: ' (withdrawn from round 5; not counted)' });
  assert.deepEqual(rows.slice(0, 5).map((r) => [r.rank, r.name, r.points]), [
    ['1', 'Ada', '3.5'], ['2', 'Cleo', '3.5'], ['3', 'Fay', '3.5'], ['4', 'Dara', '2.0'], ['5', 'Emil', '1.5'],
  ]);
  assert.match(await page.getByTestId('not-counted').textContent(), /^Not counted: Bert \(#2\) left the round robin having played fewer than half of their games \(FIDE Tournament Rules C\.06 V\.4a\)/);
  await page.screenshot({ path: `${ARTIFACTS}/round-robin-not-counted.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${ARTIFACTS}/round-robin-not-counted-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  // The crosstable keeps his results (the tournament table, V.4a) and says the same.
  await page.getByTestId('show-crosstable').click();
  await page.getByTestId('crosstable').waitFor();
  const cross = await crossRows(page);
  assert.equal(cross.at(-1).name, 'Bert (withdrawn from round 5; not counted)');
  assert.equal(await page.getByTestId('not-counted').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Swiss crosstable: the opponent\'s number in the order shown, colour and result, each game seen from both sides', async () => {
  const { context, page, errors } = await open();
  await openTournament(page, `${HELD}/held_swiss_5.trf`, 16);
  await page.getByTestId('show-crosstable').click();
  await page.getByTestId('crosstable').waitFor();
  assert.equal(await page.getByTestId('crosstable').getAttribute('data-square'), 'false');
  for (const order of ['rank', 'start']) {
    await page.getByTestId('cross-order').selectOption(order);
    await page.waitForFunction((o) => document.querySelector('[data-testid=cross-name]').textContent === (o === 'rank' ? 'Bruno' : 'Alyx'), order);
    const rows = await crossRows(page);
    const byNumber = new Map(rows.map((r) => [r.n, r]));
    for (const row of rows) {
      for (let k = 0; k < 5; k++) {
        const m = /^(\d+)([wb])(.)$/.exec(row.cells[k]);
        if (!m) continue;
        const other = byNumber.get(Number(m[1])).cells[k];
        assert.equal(other, `${row.n}${{ w: 'b', b: 'w' }[m[2]]}${opposite[m[3]]}`, `${row.name}, round ${k + 1}: ${row.cells[k]} / ${other}`);
      }
    }
    if (order === 'start') {
      // Bruno (start 2): round 1 black against 10, won; David (4) had a half-point bye in round 2.
      assert.equal(byNumber.get(2).cells[0], '10b1');
      assert.equal(byNumber.get(4).cells[1], '–½');
    }
  }
  await page.screenshot({ path: `${ARTIFACTS}/crosstable.png`, fullPage: true });
  // The crosstable prints too, under the title block.
  const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  assert.match(pages[0], /FIDE C\.07 2023 Tie-Break Exercises/);
  assert.match(pages[0], /R1\s+R2\s+R3\s+R4\s+R5/);
  assert.match(pages[0], /10b1/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tournament\'s ratings follow the EIG column\'s dummy-player rule until γ is set, and say so', async () => {
  const { context, page, errors } = await open();
  await openTournament(page, `${HELD}/held_swiss_5.trf`, 16);
  // EIG is offered, not in the default order (issue 19): added, as the last column.
  await page.getByTestId('tiebreak-add').selectOption('EIG');
  await page.getByTestId('tiebreak-add-button').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tiebreak-head]')].pop()?.textContent === 'EIG', null, { timeout: 30000 });
  await page.getByTestId('gamma-eig-note').waitFor({ timeout: 30000 });
  assert.equal(await page.getByTestId('gamma').inputValue(), '1');
  const eig = await page.locator('[data-testid=standing-row]').evaluateAll((rows) => Object.fromEntries(rows.map((r) => {
    const cells = [...r.querySelectorAll('td')];
    return [r.querySelector('[data-testid=standing-name]').textContent, Number(cells[cells.length - 1].textContent)];
  })));
  const names = await page.getByTestId('player-name').allTextContents();
  const values = await page.getByTestId('player-rating').allTextContents();
  assert.equal(names.length, 16);
  for (const [i, name] of names.entries()) {
    assert.ok(Math.abs(Number(values[i]) - eig[name]) <= 0.05, `${name}: rating ${values[i]}, EIG ${eig[name]}`);
  }
  assert.match(await page.locator('.results-panel').textContent(), /γ = 1, as for the EIG tiebreak/);
  // Set by hand: the rule is off, and one click brings it back.
  await page.getByTestId('gamma').fill('0.5');
  await page.getByTestId('gamma').dispatchEvent('change');
  await page.getByTestId('gamma-eig').waitFor({ timeout: 30000 });
  assert.equal(await page.getByTestId('gamma-eig-note').count(), 0);
  await page.waitForFunction(() => !document.querySelector('.results-panel').textContent.includes('as for the EIG tiebreak'), null, { timeout: 30000 });
  await page.getByTestId('gamma-eig').click();
  await page.getByTestId('gamma-eig-note').waitFor({ timeout: 30000 });
  assert.equal(await page.getByTestId('gamma').inputValue(), '1');
  assert.deepEqual(errors, []);
  await context.close();
});

test('groups rated apart are never drawn on one axis: the chart keeps to one group and says so', async () => {
  const { context, page, errors } = await open();
  // Two groups that never met, each with finite ratings of its own.
  await (await editInput(page)).fill('white,black,result\nAnn,Bob,1-0\nBob,Ann,1-0\nAnn,Bob,1/2-1/2\nCat,Dan,1-0\nDan,Cat,1/2-1/2\nCat,Dan,0-1\nDan,Cat,1-0\n');
  await page.getByTestId('chart-groups-note').waitFor({ timeout: 30000 });
  assert.match(await page.getByTestId('chart-groups-note').textContent(), /^The chart shows group 1 only: the 1 other group is rated on a scale of its own, not comparable with it/);
  assert.match(await page.getByTestId('ratings-chart').getAttribute('aria-label'), /best 2, /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the file\'s own ranks checked: where they differ, the order that gives them found and applied in one click; the TRF written back with the ranks shown', async () => {
  const { context, page, errors } = await open(DESKTOP, { options: { acceptDownloads: true } });
  await openTournament(page, `${HELD}/swiss_with_many_unplayed_rounds.trf`, 15);
  const box = page.getByTestId('declared-check');
  await box.waitFor();
  assert.match(await box.textContent(), /The file declares ranks for 15 players; 5 differ from these standings\. The first: the file gives rank 4 to Player, 12/);
  assert.match(await page.getByTestId('declared-found').textContent(), /These ranks follow SB, DE, WIN under FIDE C\.07 as approved in 2023/);
  assert.equal(await page.locator('td.differs[data-testid=declared-rank]').count(), 5);
  await page.getByTestId('declared-apply').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tiebreak-head]')].map((h) => h.textContent).join() === 'SB,DE,WIN');
  await page.waitForFunction(() => document.querySelector('[data-testid=declared-check]').textContent.startsWith('The file\'s declared ranks (15) agree'));
  assert.equal(await page.locator('td.differs[data-testid=declared-rank]').count(), 0);
  await page.locator('.standings-panel').screenshot({ path: `${ARTIFACTS}/declared-ranks.png` });
  // Written back with the ranks shown: every line as it was but for columns 86-89.
  await page.getByTestId('tiebreak-up').nth(1).click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tiebreak-head]')].map((h) => h.textContent).join() === 'DE,SB,WIN');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trf').click()]);
  const written = (await readFile(await download.path(), 'utf8')).split('\n');
  // The text area keeps lines, not line ends: CRLF comes back as LF.
  const original = (await readFile(`${HELD}/swiss_with_many_unplayed_rounds.trf`, 'utf8')).replaceAll('\r', '').split('\n');
  assert.equal(written.length, original.length);
  const shown = Object.fromEntries((await page.locator('[data-testid=standing-row]').evaluateAll((rows) => rows.map((r) => (
    [r.querySelector('[data-testid=standing-start]').textContent, r.querySelector('td').textContent])))));
  for (const [i, line] of original.entries()) {
    if (!line.startsWith('001')) { assert.equal(written[i], line); continue; }
    assert.equal(written[i].slice(0, 85) + written[i].slice(89), line.slice(0, 85) + line.slice(89));
    assert.equal(written[i].slice(85, 89).trim(), shown[line.slice(4, 8).trim()], line.slice(0, 50));
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the tiebreaks a TRF-2026 file declares (record 212) are shown and used by default', async () => {
  const { context, page, errors } = await open();
  const text = (await readFile(`${HELD}/held_swiss_5.trf`, 'utf8')).replace('\n', '\n212 PTS, BH/C1, SB\n');
  await page.getByTestId('file-input').setInputFiles({ name: 'declared.trf', mimeType: 'text/plain', buffer: Buffer.from(text) });
  const own = page.getByTestId('file-order');
  await own.waitFor();
  // Used by default, as the command line does (issue 19); the button is for after a change.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tiebreak-head]')].map((h) => h.textContent).join() === 'BH-C1,SB');
  assert.match(await own.textContent(), /The file declares its tiebreaks: BH-C1, SB \(record 212\); they are the order in use/);
  assert.equal(await page.getByTestId('file-order-apply').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a team event opens on its team standings: match and game points, team tiebreaks, the file\'s own order and ranks', async () => {
  const { context, page, errors } = await open(DESKTOP, { options: { acceptDownloads: true } });
  await page.getByTestId('file-input').setInputFiles(`${HELD}/fideteam_nocolor.trf`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=team-row]').length === 9, null, { timeout: 30000 });
  const heads = () => page.locator('[data-testid=team-tiebreak-head]').allTextContents();
  // The file declares PTS, BC, BBE (record 212): the order in force by default (issue 19),
  // every rank then the file's.
  assert.deepEqual(await heads(), ['BC', 'BBE']);
  const first = await page.locator('[data-testid=team-row]').first().locator('td').allTextContents();
  assert.deepEqual(first.slice(0, 6), ['1', '1', '1', 'Team 1', '14.0', '13.5']);
  assert.equal(await page.locator('[data-testid=team-declared-rank].differs').count(), 0);
  assert.equal(await page.getByTestId('team-file-order').count(), 0);
  // Game points first; a tiebreak added by its full name; one removed.
  await page.getByTestId('team-primary').selectOption('GP');
  await page.waitForFunction(() => document.querySelector('[data-testid=team-table] caption').textContent.includes('game points'));
  await page.getByTestId('team-tiebreak-add').selectOption('SSSC');
  await page.getByTestId('team-tiebreak-add-button').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=team-tiebreak-head]')].map((h) => h.textContent).join() === 'BC,BBE,SSSC');
  await page.getByTestId('team-tiebreak-remove').first().click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=team-tiebreak-head]')].map((h) => h.textContent).join() === 'BBE,SSSC');
  // A row's derivation by keyboard.
  await page.getByTestId('team-toggle').first().focus();
  await page.keyboard.press('Enter');
  assert.match(await page.getByTestId('team-derivation').textContent(), /SSSC: SSSC 21\.79 = 14 match points \+ BH 54\.5 ÷ 7/);
  const names = await page.getByTestId('team-name').allTextContents();
  assert.equal(names[0], 'Team 1');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-teams').click()]);
  const csv = await readFile(await download.path(), 'utf8');
  assert.match(csv, /^rank,number,team,match_points,game_points,BBE,SSSC\n1,1,Team 1,14,13.5,/);
  await page.locator('.standings-panel').screenshot({ path: `${ARTIFACTS}/team-standings.png` });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  await writeFile(`${ARTIFACTS}/team-standings.pdf`, pdf);
  const printed = (await pdfPages(pdf)).join('\n');
  assert.match(printed, /Teams ranked by game points, 1\.\s+Bottom-board elimination/);
  assert.match(printed, /Rk\s+No\s+Team\s+MP\s+GP\s+BBE\s+SSSC/);
  assert.match(printed, /1\s+1\s+Team 1\s+14\.0\s+13\.5\s+7\.0\s+21\.79/);
  assert.doesNotMatch(printed, /Add a team tiebreak|Download team standings|declares ranks for|Use the file's order/);
  // The players' standings are one click away.
  await page.getByTestId('show-standings').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 18);
  assert.deepEqual(errors, []);
  await context.close();
});

test('any round: standings, crosstable and ratings after round 3, each player\'s move since round 2, back to the last round', async () => {
  const { context, page, errors } = await open();
  await openTournament(page, `${HELD}/held_swiss_5.trf`, 16);
  assert.equal(await page.getByTestId('round').inputValue(), '5');
  const points = async () => (await page.getByTestId('standing-points').allTextContents()).map(Number);
  assert.equal(Math.max(...await points()), 4);
  await page.getByTestId('round').selectOption('3');
  await page.waitForFunction(() => document.querySelector('[data-testid=format]') && document.querySelector('[data-testid=round]').value === '3'
    && Math.max(...[...document.querySelectorAll('[data-testid=standing-points]')].map((c) => Number(c.textContent))) <= 3, null, { timeout: 30000 });
  const moves = await page.getByTestId('rank-move').allTextContents();
  assert.equal(moves.length, 16);
  assert.ok(moves.every((m) => /^(▲\d+|▼\d+|=)$/.test(m)), moves.join(' '));
  assert.ok(moves.some((m) => m.startsWith('▲')) && moves.some((m) => m.startsWith('▼')));
  // The ratings count the games of rounds 1-3 only.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=rating-row]')].length > 0);
  const games = await page.locator('[data-testid=rating-row]').evaluateAll((rows) => rows.map((r) => Number(r.querySelector('[data-testid=player-games]').textContent)));
  assert.ok(games.every((g) => g <= 3), games.join(' '));
  await page.getByTestId('show-crosstable').click();
  const cells = await page.locator('[data-testid=cross-row]').first().evaluate((r) => [...r.querySelectorAll('td')].slice(3, 8).map((td) => td.textContent));
  assert.deepEqual(cells.slice(3), ['', ''], 'rounds 4 and 5 not yet played');
  const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  assert.match(pages[0], /Standings after round 3 of 5/);
  assert.equal(await page.getByTestId('export-trf').count(), 0, 'ranks after round 3 are not written into the file');
  // Another file opens on its last round.
  await page.getByTestId('show-standings').click();
  await openTournament(page, `${HELD}/held_swiss_9.trf`, 16);
  await page.waitForFunction(() => document.querySelector('[data-testid=round]').value === '9', null, { timeout: 30000 });
  await page.getByTestId('export-trf').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a round\'s pairings and results, board by board, with the players who had no opponent, printable', async () => {
  const { context, page, errors } = await open();
  await openTournament(page, `${HELD}/held_swiss_5.trf`, 16);
  await page.getByTestId('round').selectOption('3');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=rank-move]').length === 16 && document.querySelector('[data-testid=round]').value === '3', null, { timeout: 30000 });
  await page.getByTestId('show-pairings').click();
  await page.getByTestId('pairings').waitFor();
  const boards = await page.getByTestId('board').allTextContents();
  // Everyone once: on a board, or without an opponent.
  assert.equal(boards.length * 2 + await page.getByTestId('board-alone').count(), 16, boards.join('\n'));
  assert.ok(boards.length >= 7);
  assert.ok(boards.some((b) => /Alyx \(1, 2200\)½-½Bruno \(2, 2150\)/.test(b)), boards.join('\n'));
  await page.getByTestId('round').selectOption('2');
  await page.waitForFunction(() => document.querySelector('[data-testid=pairings] caption')?.textContent.startsWith('Round 2'), null, { timeout: 30000 });
  const alone = await page.getByTestId('board-alone').allTextContents();
  assert.ok(alone.includes('David (4, 2050): half-point bye (½)'), alone.join('\n'));
  const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
  assert.match(pages[0], /Round 2: pairings and results/);
  assert.match(pages[0], /Standings after round 2 of 5/);
  await page.locator('.standings-panel').screenshot({ path: `${ARTIFACTS}/pairings.png` });
  assert.deepEqual(errors, []);
  await context.close();
});
