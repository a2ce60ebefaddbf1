// Tournament files as organisers save them (issue 19): the Open de Gros saved after round 4,
// with round 5's byes already entered, opens at round 4 with round 5 said to be pending; the
// rules the standings follow, and why, are on the screen and in the print title. The file is
// GPL data kept in ../shared: the test skips, saying so, when it is absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, siteForTests } from './browser.mjs';

const { open } = siteForTests();
const GROS = `${ROOT}../shared/data/competichess_trf_real/open_gros_2010_after_round4.trf`;
const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;

/** Opens a tournament file through the picker and waits for its standings. */
async function openTournament(page, path, players) {
  const buffer = await readFile(path);
  await page.getByTestId('file-input').setInputFiles({ name: path.split('/').pop(), mimeType: 'text/plain', buffer });
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=standing-row]').length === n, players, { timeout: 30000 });
}

/** The text of the printed standings (Chromium's PDF of the page). */
async function printed(page) {
  const parser = new PDFParse({ data: new Uint8Array(await page.pdf({ preferCSSPageSize: true })) });
  try {
    // Lines as the PDF wraps them, joined: the words in order.
    return (await parser.getText()).pages.map((p) => p.text).join('\n').replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

test('a file saved before round 5 is paired: standings after round 4, round 5 pending, the 2023 rules by its start date', async (t) => {
  if (!(await access(GROS).then(() => true, () => false))) {
    t.skip(`${GROS} is absent (GPL data is not copied into the project)`);
    return;
  }
  for (const [viewport, at] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
    const { context, page, errors } = await open(viewport);
    await openTournament(page, GROS, 52);
    // The round picker offers the rounds played and stands at the last of them.
    const round = page.getByTestId('round');
    assert.equal(await round.inputValue(), '4');
    assert.deepEqual(await round.locator('option').allTextContents(), ['1', '2', '3', '4 (last played)']);
    assert.equal(
      (await page.getByTestId('pending-round').textContent()).trim(),
      'Round 5 pending: byes or absences entered for 3 players, not yet paired (the standings are after round 4).',
    );
    const rules = page.getByTestId('rules-used');
    assert.equal(
      await rules.textContent(),
      'Rules: FIDE C.07 as approved in 2023 — the tournament started 24/09/2010 (TRF 042), before the 2026 changes came into force on 1 March 2026.',
    );
    assert.equal(await page.getByTestId('rules').inputValue(), 'date');
    // The leader's Buchholz is that of four rounds (10), not of a fifth counted as absences (16).
    const leader = page.getByTestId('standing-row').first();
    assert.match(await leader.textContent(), /Mirzoev Azer/);
    assert.deepEqual(await leader.locator('td.tb').allTextContents().then((v) => v.slice(0, 2)), ['8.0', '10.0'], 'BH-C1 and BH');
    // The declared-ranks check is made against round 4's standings.
    // (39 with FIDE's recommended Swiss order, BH-C1, BH, SB, the default now: 13 of the 52 agree.)
    assert.match(await page.getByTestId('declared-check').textContent(), /declares ranks for 52 players; 39 differ/);
    await page.screenshot({ path: `${ARTIFACTS}/trust-trf-pending-${at}.png` });
    // On a phone the rules' line is with the organiser's tools (folded there; their summary names
    // the rules): one click opens them.
    const tools = page.getByTestId('standings-tools');
    assert.match(await tools.locator('summary').textContent(), /C\.07 2023 rules/);
    if (!(await tools.evaluate((d) => d.open))) await tools.locator('summary').click();
    await page.locator('.rules-used').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/trust-trf-pending-${at}-rules.png` });
    await page.evaluate(await readFile(AXE, 'utf8'));
    const violations = await page.evaluate(async () => (await window.axe.run(document)).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id));
    assert.deepEqual(violations, [], at);
    if (viewport === DESKTOP) {
      const paper = await printed(page);
      assert.match(paper, /Round 5 pending: byes or absences entered for 3 players, not yet paired/);
      assert.match(paper, /Standings under FIDE C\.07 as approved in 2023 \(the tournament started 24\/09\/2010 \(TRF 042\), before the 2026 changes came into force on 1 March 2026\)/);
      // The user's choice of rules overrides the date, and is said to be theirs.
      await page.getByTestId('rules').selectOption('2026');
      await page.waitForFunction(() => /chosen by the user/.test(document.querySelector('[data-testid=rules-used]')?.textContent ?? ''), null, { timeout: 30000 });
      assert.equal(await rules.textContent(), 'Rules: FIDE C.07 with the changes in force from March 2026 — chosen by the user.');
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});
