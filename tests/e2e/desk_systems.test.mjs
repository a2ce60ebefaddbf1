// The desk's pairing systems (issue 35), each run from registration to the final standings
// with the keyboard alone (focus moved as Tab would, every choice a key): a Swiss with FIDE's
// Baku acceleration (C.04.5.1), a Swiss where siblings must not meet, and a 10-player double
// round robin by the Berger tables (C.05). Each exported file is audited by the command line
// (`pair --check`: every round as the file's own 192/260 records say) and imported again: its
// export is the same file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS, ROOT, axe, newDeskTournament, seeded, siteForTests } from './browser.mjs';

const shared = siteForTests();
const CLI = `${ROOT}target/debug/ratings-lab`;

const KEYS = ['1', '1', '=', '0', '0'];

async function press(page, testid, key = 'Enter') {
  await page.getByTestId(testid).first().focus();
  await page.keyboard.press(key);
}

/** `n` players, ratings falling from 2300, a header line. */
function players(n) {
  return 'name\trating\n' + Array.from({ length: n }, (_, i) => `Player ${String(i + 1).padStart(2, '0')}\t${2300 - 37 * i}`).join('\n') + '\n';
}

/**
 * Registers a tournament at the desk with the keyboard: its name, the pairing system (arrow
 * keys on the select, `downs` times from the Swiss), the rounds, the players and who must not
 * meet; returns the page once the players are listed.
 */
async function register({ name, downs, rounds, list, count, apart }) {
  const { context, page, errors } = await newDeskTournament(shared);
  await page.getByTestId('desk-tname').focus();
  await page.keyboard.type(name);
  await page.getByTestId('desk-system').focus();
  for (let k = 0; k < downs; k++) await page.keyboard.press('ArrowDown');
  if (rounds) {
    await page.getByTestId('desk-rounds').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(rounds));
  }
  await page.getByTestId('desk-players').focus();
  await page.keyboard.insertText(list);
  if (apart) {
    await page.getByTestId('desk-apart').focus();
    await page.keyboard.insertText(apart);
  }
  await press(page, 'desk-create');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=desk-player]').length === n, count, { timeout: 30000 });
  return { context, page, errors };
}

/** Pairs and plays every round (seeded results typed board by board) until the last is in. */
async function playAll(page, rounds, boards, seed) {
  const rng = seeded(seed);
  for (let round = 1; round <= rounds; round++) {
    if (round === 1 && (await page.getByTestId('desk-colour').count()) > 0) await press(page, 'desk-colour', 'b');
    await press(page, 'desk-pair');
    await page.waitForFunction(([r, n]) => (document.querySelector('[data-testid=desk-boards] caption')?.textContent ?? '').startsWith(`Round ${r}`)
      && document.querySelectorAll('[data-testid=desk-result]').length === n, [round, boards], { timeout: 30000 });
    await page.locator('#desk-result-1').focus();
    for (let b = 1; b <= boards; b++) await page.keyboard.press(KEYS[Math.floor(rng() * KEYS.length)]);
    await page.waitForFunction((r) => {
      const next = document.querySelector('[data-testid=desk-pair]')?.textContent ?? document.querySelector('[data-testid=desk-next]')?.textContent ?? '';
      return next === `Pair round ${r + 1}` || /Every round is played/.test(next);
    }, round, { timeout: 30000 });
  }
}

/** Exports the file, audits it with the command line, imports it again: the same file. */
async function exportAuditReimport(page, file, expectCheck) {
  const [download] = await Promise.all([page.waitForEvent('download'), press(page, 'desk-export')]);
  await download.saveAs(file);
  const check = execFileSync(CLI, ['pair', file, '--check'], { encoding: 'utf8' });
  assert.match(check, expectCheck, check);
  const progress = await page.getByTestId('desk-progress').textContent();
  await press(page, 'desk-close');
  await page.getByTestId('desk-import').setInputFiles(file);
  await page.waitForFunction((p) => document.querySelector('[data-testid=desk-progress]')?.textContent === p, progress, { timeout: 30000 });
  // The import's check, written in the file when it found anything (Undo then takes it back).
  await page.getByTestId('desk-import-report').waitFor({ timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid=desk-undo]')?.disabled, null, { timeout: 5000 }).catch(() => {});
  const [again] = await Promise.all([page.waitForEvent('download'), press(page, 'desk-export')]);
  await again.saveAs(`${file}.again`);
  const unmarked = async (f) => (await readFile(f, 'utf8')).split('\n').filter((l) => !l.startsWith('### import:')).join('\n');
  assert.equal(await unmarked(`${file}.again`), await unmarked(file), 'imported again, the same file (apart from the import\'s ### lines)');
  return readFile(file, 'utf8');
}

/** The organiser's view of the file: `rows` players ranked. */
async function finalStandings(page, rows) {
  await press(page, 'desk-standings');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=standing-row]').length === n
    || document.querySelectorAll('[data-testid=crosstable] tbody tr').length === n, rows, { timeout: 60000 });
}

test('a Baku-accelerated Swiss at the desk, keyboard only: group A paired apart in round 1, audited, imported again', { timeout: 300000 }, async () => {
  assert.ok(existsSync(CLI), `the command line is built first: ${CLI}`);
  const { context, page, errors } = await register({ name: 'Baku Open', downs: 1, rounds: 5, list: players(20), count: 20 });
  assert.match(await page.getByTestId('desk-system-name').textContent(), /Baku acceleration \(C\.04\.5\.1\)/);
  await playAll(page, 5, 10, 35);
  await page.screenshot({ path: `${ARTIFACTS}/desk-baku-finished.png`, fullPage: true });
  const text = await exportAuditReimport(page, `${ARTIFACTS}/desk-baku.trf`, /all 5 rounds identical/);
  assert.match(text, /\n192 FIDE_DUTCH_2025_BAKU\n/);
  assert.match(text, /\n152 B\n/, 'the colour chosen for round 1 written down');
  // Round 1: group A (2·⌈20/4⌉ = 10) is its own score group: 1 met 6, not 11.
  const one = text.split('\n').find((l) => l.startsWith('001    1'));
  assert.equal(one.slice(91, 95).trim(), '6', one);
  await finalStandings(page, 20);
  await axe(page, 'the standings of a Baku Swiss');
  assert.deepEqual(errors, []);
  await context.close();
});

test('siblings who must not meet at the desk, keyboard only: never paired together, audited, imported again', { timeout: 300000 }, async () => {
  const apart = 'Player 01; Player 02\nPlayer 05; Player 06; Player 07\n';
  const { context, page, errors } = await register({ name: 'Family Cup', downs: 0, rounds: 5, list: players(14), count: 14, apart });
  await playAll(page, 5, 7, 36);
  const text = await exportAuditReimport(page, `${ARTIFACTS}/desk-siblings.trf`, /all 5 rounds identical/);
  const groups = text.split('\n').filter((l) => l.startsWith('260 ')).map((l) => l.slice(12).trim().split(/\s+/).map(Number));
  assert.deepEqual(groups, [[1, 2], [5, 6, 7]]);
  for (const l of text.split('\n').filter((x) => x.startsWith('001 '))) {
    const me = Number(l.slice(4, 8));
    const group = groups.find((g) => g.includes(me)) ?? [];
    for (let r = 0; r < 5; r++) {
      const opponent = Number(l.slice(91 + 10 * r, 95 + 10 * r));
      assert.ok(!group.includes(opponent), `${me} met ${opponent}, who must not meet them`);
    }
  }
  await finalStandings(page, 14);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 10-player double round robin at the desk, keyboard only: 18 rounds of the Berger table, the crosstable first', { timeout: 600000 }, async () => {
  const { context, page, errors } = await register({ name: 'Club Championship', downs: 3, list: players(10), count: 10 });
  assert.match(await page.getByTestId('desk-system-name').textContent(), /Double round robin/);
  assert.equal(await page.getByTestId('desk-colour').count(), 0, 'no colour to draw: the table gives them');
  await playAll(page, 18, 5, 37);
  const text = await exportAuditReimport(page, `${ARTIFACTS}/desk-double-round-robin.trf`, /all 18 rounds are the Berger table's \(double round robin, C\.05\)/);
  assert.match(text, /\n142 18\n/);
  assert.match(text, /\n202 DE WIN SB KS\n/, 'a round robin\'s usual tiebreaks offered');
  await finalStandings(page, 10);
  await page.getByTestId('crosstable').waitFor();
  assert.equal(await page.getByTestId('crosstable').getAttribute('data-square'), 'true');
  await page.screenshot({ path: `${ARTIFACTS}/desk-double-round-robin-crosstable.png`, fullPage: true });
  await axe(page, 'a round robin\'s crosstable');
  assert.deepEqual(errors, []);
  await context.close();
});
