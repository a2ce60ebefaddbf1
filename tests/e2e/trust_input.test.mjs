// Issue 19, reading input: a binary file opened or dropped by mistake is refused with what it
// looks like, and the text area keeps what the user had (item 6); the games CSV the app
// writes quotes a formula-like name behind a single quote (item 23).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, axe, editInput, finished, siteForTests } from './browser.mjs';

const { open } = siteForTests();


const OWN = 'white,black,result\nAnna,Ben,1-0\nBen,Cleo,1-0\nCleo,Anna,1/2-1/2\n';
const input = (page) => page.getByTestId('input').inputValue();

/** Puts `text` in the text area as typing would, and waits for its ratings. */
async function type(page, text) {
  await (await editInput(page)).fill(text);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=rating-row]').length === 3, null, { timeout: 30000 });
  await finished(page);
}

for (const [viewport, label] of [[DESKTOP, 'desktop'], [PHONE, 'phone']]) {
  test(`a PNG opened by mistake is refused and the text area keeps the results (${label})`, async () => {
    const { context, page, errors } = await open(viewport);
    await type(page, OWN);
    const png = await readFile(`${ROOT}public/icon-192.png`);
    await page.getByTestId('file-input').setInputFiles({ name: 'icon-192.png', mimeType: 'image/png', buffer: png });
    await page.waitForFunction(() => /not opened/.test(document.querySelector('[data-testid=file-note]')?.textContent ?? ''), null, { timeout: 30000 });
    const note = await page.getByTestId('file-note').textContent();
    assert.match(note, /^icon-192\.png was not opened: this is not a results file: it looks like a PNG image\. Your results were left as they were\.$/);
    assert.equal(await input(page), OWN);
    assert.equal(await page.getByTestId('rating-row').count(), 3);
    // Nothing to leave out and no errors: the file was never read as results.
    assert.equal(await page.getByTestId('leave-out-bad').count(), 0);
    assert.equal(await page.getByTestId('error-item').count(), 0);
    // Nothing replaced, so nothing to undo.
    assert.equal(await page.getByTestId('undo').count(), 0);
    // Said where it is seen: the note is scrolled into view (on a phone it is below the text area).
    await page.waitForFunction(() => {
      const r = document.querySelector('[data-testid=file-note]').getBoundingClientRect();
      // Within a pixel: scrolling to the nearest edge may leave a fraction of one.
      return r.top >= -1 && r.bottom <= window.innerHeight + 1;
    }, null, { timeout: 5000 });
    await page.screenshot({ path: `${ARTIFACTS}/refused-png-${label}.png` });
    await axe(page, `a refused file (${label})`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a large binary file is refused before it is kept, and the text area keeps the results', async () => {
  const { context, page, errors } = await open(DESKTOP);
  await type(page, OWN);
  // A gzip file over the size kept in the browser's storage.
  const big = Buffer.alloc(1_200_000, 7);
  big[0] = 0x1f;
  big[1] = 0x8b;
  await page.getByTestId('file-input').setInputFiles({ name: 'games.csv.gz', mimeType: 'application/gzip', buffer: big });
  await page.waitForFunction(() => /not opened/.test(document.querySelector('[data-testid=file-note]')?.textContent ?? ''), null, { timeout: 30000 });
  assert.match(await page.getByTestId('file-note').textContent(), /it looks like a gzip-compressed file/);
  assert.equal(await input(page), OWN);
  assert.ok(await page.getByTestId('stored-file').evaluate((e) => e.classList.contains('hidden')));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the app's CSV downloads write a formula-like name behind a single quote", async () => {
  const { context, page, errors } = await open(DESKTOP);
  const games = 'white,black,result\n"=HYPERLINK(""http://x"",""y"")",Ben,1-0\nBen,@SUM(A1),1-0\n@SUM(A1),"=HYPERLINK(""http://x"",""y"")",1/2-1/2\n';
  await (await editInput(page)).fill(games);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=rating-row]').length === 3, null, { timeout: 30000 });
  await finished(page);
  const download = async (id) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    return readFile(await d.path(), 'utf8');
  };
  const ratings = await download('export-csv');
  assert.ok(ratings.includes('"\'=HYPERLINK(""http://x"",""y"")"') && ratings.includes('"\'@SUM(A1)"'), ratings);
  assert.ok(!/(^|,)"?[=+@]/m.test(ratings), ratings);
  // Elo's games, each with the ratings before it.
  await page.getByTestId('method').selectOption('elo');
  await page.getByTestId('per-game').check();
  await page.locator('[data-testid=game-table] summary').click({ timeout: 30000 });
  const perGame = await download('export-games');
  assert.ok(perGame.includes('"\'=HYPERLINK(""http://x"",""y"")"') && perGame.includes('"\'@SUM(A1)"'), perGame);
  assert.ok(!/(^|,)"?[=+@]/m.test(perGame), perGame);
  assert.deepEqual(errors, []);
  await context.close();
});
