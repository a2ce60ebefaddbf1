// Bad input at the desk (issue 36): a FIDE rating list with broken lines, and a late entry with
// a FIDE id already entered. Each gets a clear message naming what is wrong, and nothing typed
// or kept is lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { ARTIFACTS, FIDE_HEADER, fideLine, newDeskTournament, siteForTests } from './browser.mjs';

const shared = siteForTests();

const HEADER = FIDE_HEADER;

/** A list of six good players and three broken lines: lines 3, 5 and 7. */
function brokenList() {
  const lines = [HEADER,
    fideLine(1503014, 'Carlsen, Magnus', 2830),
    '1503015        Cut, Sh',
    fideLine(1503016, 'Hansen, Kari', 2101),
    fideLine(1503017, 'Letters, Lars', '2x00'),
    fideLine(1503018, 'Berg, Ola', 1999),
    fideLine('123456789012345', 'Long, Id', 2000),
    fideLine(1503019, 'Dahl, Eva', 1888),
    fideLine(1503020, 'Lie, Per', 1777)];
  return lines.join('\n') + '\n';
}

async function press(page, testid, key = 'Enter') {
  await page.getByTestId(testid).first().focus();
  await page.keyboard.press(key);
}

async function fourPlayers(page, name) {
  await page.getByTestId('desk-tname').fill(name);
  await page.getByTestId('desk-rounds').fill('3');
  await page.getByTestId('desk-players').fill('name\trating\tfide id\nAnna\t2000\t1503016\nBjørn\t1900\t\nCecilie\t1800\t\nDag\t1700\t\n');
  await press(page, 'desk-create');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-player]').length === 4, null, { timeout: 30000 });
}

test('a FIDE list with broken lines: every good line read, each broken one named by its line, the tournament untouched', { timeout: 180000 }, async () => {
  const file = `${ARTIFACTS}/players_list_broken_2026-11.txt`;
  await writeFile(file, brokenList());
  const { context, page, errors } = await newDeskTournament(shared);
  try {
    await fourPlayers(page, 'List Open');
    await page.getByTestId('desk-list-file').setInputFiles(file);
    // Six: the player whose rating has letters is kept without it; the cut line and the id too
    // long are not read.
    await page.waitForFunction(() => /6 players, the list of 2026-11/.test(document.querySelector('[data-testid=desk-list-summary]')?.textContent ?? ''), null, { timeout: 60000 });
    const warnings = page.getByTestId('desk-list-warnings');
    await warnings.locator('summary').click();
    const said = await warnings.textContent();
    for (const line of [3, 5, 7]) assert.match(said, new RegExp(`line ${line}\\b`), `line ${line} named: ${said}`);
    assert.match(said, /rating[^\n]*kept without it/i, 'the letters in the rating column said, the player kept');
    assert.match(said, /FIDE id/i, 'the id too long said');
    // The good lines after the broken ones are read: a player from the end of the list is found.
    await page.locator('[data-testid=desk-late] summary').click();
    await page.getByTestId('desk-late-lookup').fill('Lie');
    await page.waitForFunction(() => /Lie, Per/.test(document.querySelector('[data-testid=desk-late-found]')?.textContent ?? ''), null, { timeout: 30000 });
    assert.equal(await page.locator('[data-testid=desk-player]').count(), 4, 'the tournament untouched');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a late entry with a FIDE id already entered is refused, naming the player, and the form keeps what was typed', { timeout: 180000 }, async () => {
  const { context, page, errors } = await newDeskTournament(shared);
  try {
    await fourPlayers(page, 'Late Open');
    await page.locator('[data-testid=desk-late] summary').click();
    await page.getByTestId('desk-late-name').fill('Anna Again');
    await page.getByTestId('desk-late-rating').fill('2005');
    await page.getByTestId('desk-late-id').fill('1503016');
    await press(page, 'desk-late-add');
    await page.waitForFunction(() => /FIDE id 1503016 is already start number 1 \(Anna\)/.test(document.querySelector('[data-testid=desk-failure]')?.textContent ?? ''), null, { timeout: 30000 });
    assert.equal(await page.locator('[data-testid=desk-player]').count(), 4, 'nobody entered');
    // Nothing typed is lost: the id corrected, the same form adds the player.
    assert.equal(await page.getByTestId('desk-late-name').inputValue(), 'Anna Again');
    assert.equal(await page.getByTestId('desk-late-rating').inputValue(), '2005');
    await page.getByTestId('desk-late-id').fill('1503099');
    await press(page, 'desk-late-add');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-player]').length === 5, null, { timeout: 30000 });
    assert.match(await page.getByTestId('desk-player-table').textContent(), /Anna Again/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an export asked and, at once, the pairings explained: both come (the export is not dropped)', { timeout: 180000 }, async () => {
  const { context, page, errors } = await newDeskTournament(shared);
  try {
    await fourPlayers(page, 'Busy Open');
    await press(page, 'desk-colour', 'w');
    await press(page, 'desk-pair');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-result]').length === 2, null, { timeout: 30000 });
    // Two clicks in one task: the export is on its way when the explanation is asked.
    const download = page.waitForEvent('download', { timeout: 30000 });
    await page.evaluate(() => {
      document.querySelector('[data-testid=desk-export]').click();
      document.querySelector('[data-testid=desk-explain-button]').click();
    });
    assert.match((await (await download).path()) ?? '', /./);
    await page.getByTestId('desk-explain').waitFor({ timeout: 30000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
