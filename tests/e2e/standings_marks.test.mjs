// The organiser's standings and crosstable mark who withdrew and who was expelled, list the
// expelled without a rank after the ranked players, and say when the tournament left FIDE mode
// (FIDE's checklist for tournament programs, Q46, Q170, Q198): on screen and on the printed
// page (Chromium's own PDF of the page, read back with pdf-parse). The TRF is written here:
// six players, three rounds, Ann (1) expelled from round 3, Fay (6) withdrawn from round 3,
// and the desk's mark of FIDE mode left. The PDFs go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { ARTIFACTS, editInput, pdfPages, siteForTests } from './browser.mjs';

const shared = siteForTests();

/** A `001` record in the TRF's columns: start 5-8, name 15-47, rating 49-52, points 81-84, rounds from 92. */
function player(start, name, points, rounds) {
  const rating = String(2500 - 100 * start);
  let l = `001 ${String(start).padStart(4)}      ${name.padEnd(33)} ${rating.padStart(4)} ${''.padEnd(3)} ${''.padStart(11)} ${''.padEnd(10)} ${points.padStart(4)} ${''.padStart(4)}  `;
  for (const r of rounds) l += `${r.padEnd(8)}  `;
  return l.trimEnd();
}

const ABSENT = '0000 - -';
const TRF = [
  '012 Marks Open',
  '142 3',
  '### FIDE mode left by the arbiter on 2026/11/29',
  '### expelled 1 from round 3',
  '### withdrawn 6 from round 3',
  player(1, 'Ann', '2.0', ['   2 w 1', '   3 b 1', ABSENT]),
  player(2, 'Bob', '1.5', ['   1 b 0', '   6 w 1', '   3 w =']),
  player(3, 'Cat', '1.5', ['   4 w 1', '   1 w 0', '   2 b =']),
  player(4, 'Dan', '1.5', ['   3 b 0', '   5 b =', '   5 w 1']),
  player(5, 'Eve', '1.5', ['   6 w 1', '   4 w =', '   4 b 0']),
  player(6, 'Fay', '0.0', ['   5 b 0', '   2 b 0', ABSENT]),
].join('\n') + '\n';

/** Each standings row as shown: the rank cell, and the name's cell (the name and any mark after it). */
const rows = (page) => page.$$eval('[data-testid=standing-row]', (trs) => trs.map((tr) => ({
  rank: tr.querySelector('[data-testid=standing-rank]')?.textContent.trim(),
  name: tr.querySelector('[data-testid=standing-name]')?.closest('td').textContent.trim(),
})));

test('withdrawn and expelled players marked, the expelled unranked at the end, and FIDE mode left said: on screen and in print', { timeout: 180000 }, async () => {
  const { context, page, errors } = await shared.open();
  await (await editInput(page)).fill(TRF);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 6, null, { timeout: 60000 });
  await page.getByTestId('show-standings').click();

  // On screen: the expelled last without a rank, the others ranked from 1, the withdrawn marked.
  const shown = await rows(page);
  assert.equal(shown.length, 6);
  assert.equal(shown[5].rank, 'expelled', JSON.stringify(shown));
  assert.match(shown[5].name, /^Ann\s*\(expelled from round 3\)$/);
  assert.equal(shown[0].rank, '1', JSON.stringify(shown));
  assert.ok(shown.slice(0, 5).every((r) => Number(r.rank) >= 1 && Number(r.rank) <= 5), JSON.stringify(shown));
  const fay = shown.find((r) => r.name.startsWith('Fay'));
  assert.equal(fay.rank, '5');
  assert.match(fay.name, /\(withdrawn from round 3\)/);
  // The title block's copy is for print; the one above the table is the screen's.
  const sign = page.locator('[data-testid=not-fide-mode]:visible');
  assert.equal(await sign.count(), 1, 'the not-FIDE-mode sign is on screen, once');
  assert.match(await sign.textContent(), /Not in FIDE mode/);

  // Printed standings: the marks and the sign on the page.
  const standingsPdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await writeFile(`${ARTIFACTS}/standings-marks.pdf`, standingsPdf);
  const printed = (await pdfPages(standingsPdf)).join('\n');
  assert.match(printed, /Not in FIDE mode/);
  assert.match(printed, /Ann\s*\(expelled from round 3\)/);
  assert.match(printed, /Fay\s*\(withdrawn from round 3\)/);
  assert.match(printed, /expelled/);
  assert.equal((printed.match(/Not in FIDE mode/g) ?? []).length, 1, 'said once in print (the title block), not twice');

  // The crosstable: the same marks, on screen and in print.
  await page.getByTestId('show-crosstable').click();
  await page.getByTestId('crosstable').waitFor();
  const names = await page.$$eval('[data-testid=cross-name]', (xs) => xs.map((x) => x.closest('td').textContent.trim()));
  assert.ok(names.some((n) => /^Ann\s*\(expelled from round 3\)$/.test(n)), JSON.stringify(names));
  assert.ok(names.some((n) => /^Fay\s*\(withdrawn from round 3\)$/.test(n)), JSON.stringify(names));
  assert.equal(await page.locator('[data-testid=not-fide-mode]:visible').count(), 1);
  const crossPdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await writeFile(`${ARTIFACTS}/crosstable-marks.pdf`, crossPdf);
  const crossPrinted = (await pdfPages(crossPdf)).join('\n');
  assert.match(crossPrinted, /Not in FIDE mode/);
  assert.match(crossPrinted, /Ann\s*\(expelled from round 3\)/);
  assert.match(crossPrinted, /Fay\s*\(withdrawn from round 3\)/);

  assert.deepEqual(errors, []);
  await context.close();
});
