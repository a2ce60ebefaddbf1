// The organiser's desk: printed standings (Chromium's own PDF of the page, read back with
// pdf-parse), on real tournament files. The 52-player Swiss is GPL data kept in ../shared:
// its test skips, saying so, when it is absent. The PDF and a screenshot of the print layout
// go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { access, readFile, writeFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { ARTIFACTS, ROOT, siteForTests } from './browser.mjs';

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
