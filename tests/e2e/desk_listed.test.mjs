// Registration with a rating list (FIDE's checklist Q127): the players pasted are looked up
// by FIDE id in the list open, the list's rating winning over the one typed; the list's month
// is checked against the start date (FIDE's list of the start date's month, B.02 art. 10),
// in the form as the date is typed and among the desk's warnings once the tournament is made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { ARTIFACTS, axe, DESKTOP, FIDE_HEADER, fideLine, newDeskTournament, PHONE, siteForTests } from './browser.mjs';

const shared = siteForTests();

const HEADER = FIDE_HEADER;

const LIST = [HEADER,
  fideLine(1503014, 'Carlsen, Magnus', 2830),
  fideLine(1503016, 'Hansen, Kari', 2101),
  fideLine(1503018, 'Berg, Ola', 1999),
  fideLine(1503020, 'Lie, Per', 1777)].join('\n') + '\n';

/** Two players with FIDE ids in the list and typed ratings that differ from it; two without. */
const PASTED = 'name\trating\tfide id\nHansen, Kari\t2150\t1503016\nBerg, Ola\t1950\t1503018\nCecilie\t1800\t\nDag\t1700\t\n';

async function press(page, testid, key = 'Enter') {
  await page.getByTestId(testid).first().focus();
  await page.keyboard.press(key);
}

const text = (page, testid) => page.evaluate((id) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? '', testid);

/** Fills the new-tournament form (a list open) and waits until the month line has read the start date. */
async function fillForm(page, name, start, month) {
  await page.getByTestId('desk-tname').fill(name);
  await page.getByTestId('desk-rounds').fill('3');
  await page.getByTestId('desk-start').fill(start);
  await page.getByTestId('desk-players').fill(PASTED);
  await page.waitForFunction((m) => new RegExp(m).test(document.querySelector('[data-testid=desk-list-month]')?.textContent ?? ''), month.source, { timeout: 30000 });
}

test('players pasted at registration take the list\'s ratings, and a list of another month than the start is warned of', { timeout: 180000 }, async () => {
  const file = `${ARTIFACTS}/players_list_foa_2026-11.txt`;
  await writeFile(file, LIST);
  const { context, page, errors } = await newDeskTournament(shared);
  try {
    await page.getByTestId('desk-list-file').setInputFiles(file);
    await page.waitForFunction(() => /4 players, the list of 2026-11/.test(document.querySelector('[data-testid=desk-list-summary]')?.textContent ?? ''), null, { timeout: 60000 });
    const box = page.getByTestId('desk-from-list');
    assert.ok(await box.isChecked(), 'checked by default for a FIDE list');
    const label = await page.locator('label[for=desk-from-list]').textContent();
    assert.match(label, /Ratings from the rating list: players_list_foa_2026-11\.txt, list of 2026-11/);
    // Keyboard reachable: unticked and ticked again with the space bar.
    await box.focus();
    await page.keyboard.press('Space');
    assert.ok(!(await box.isChecked()), 'unticked by keyboard');
    await page.keyboard.press('Space');
    assert.ok(await box.isChecked(), 'ticked again');

    await fillForm(page, 'November Open', '2026/11/27', /The list of 2026-11 is the one valid at the start date/);
    // The form with its list's box and month line: nothing serious for axe, at both widths.
    await axe(page, 'the new-tournament form with a rating list');
    await page.setViewportSize(PHONE);
    await axe(page, 'the new-tournament form with a rating list, phone width');
    await page.setViewportSize(DESKTOP);
    await press(page, 'desk-create');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-player]').length === 4, null, { timeout: 30000 });
    const rows = await page.locator('[data-testid=desk-player]').allTextContents();
    assert.match(rows[0], /Hansen, Kari/, 'numbered by the list\'s ratings');
    assert.match(rows[0], /2101/, 'the list\'s rating, not the one typed');
    assert.match(rows[1], /Berg, Ola/);
    assert.match(rows[1], /1999/);
    const table = await text(page, 'desk-player-table');
    assert.doesNotMatch(table, /2150|1950/, 'the typed ratings are gone');
    assert.match(table, /1800/, 'a player without a FIDE id as typed');
    assert.doesNotMatch(await text(page, 'desk-warnings'), /list of/, 'the list of the start\'s month: no warning');

    await press(page, 'desk-close');
    await press(page, 'desk-new');
    await fillForm(page, 'December Open', '2026/12/05', /Warning: the list of 2026-11 is earlier than the start date 2026-12-05/);
    await press(page, 'desk-create');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-player]').length === 4, null, { timeout: 30000 });
    assert.match(await text(page, 'desk-player-table'), /2101/);
    await page.waitForFunction(() => /the list of 2026-11 is earlier than the start date 2026-12-05: the ratings must be those of the list of 2026-12/.test(document.querySelector('[data-testid=desk-warnings]')?.textContent ?? ''), null, { timeout: 30000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
