// The rough edges of issue 36's table, each as an arbiter met it: printed pairings that omitted
// who has a bye or is absent, the colour drawn by lot never said, two "Smith, John" not told
// apart, and a pasted list without a header giving a hundred errors in one paragraph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, confirmYes, DESKTOP, newDeskTournament, pdfPages, PHONE, siteForTests } from './browser.mjs';

const shared = siteForTests();

async function press(page, testid, key = 'Enter') {
  await page.getByTestId(testid).first().focus();
  await page.keyboard.press(key);
}

async function create(page, name, players, rounds = 3) {
  await page.getByTestId('desk-tname').fill(name);
  await page.getByTestId('desk-rounds').fill(String(rounds));
  await page.getByTestId('desk-players').fill(players);
  await press(page, 'desk-create');
}

const countPlayers = (page, n) => page.waitForFunction((k) => document.querySelectorAll('[data-testid=desk-player]').length === k, n, { timeout: 30000 });

test('printed pairings name the pairing-allocated bye and the players absent or on a requested bye; the colour drawn by lot is said', { timeout: 180000 }, async () => {
  const { context, page, errors } = await newDeskTournament(shared);
  try {
    await create(page, 'Paper Open', 'name\trating\nAnna\t2000\nBjørn\t1900\nCecilie\t1800\nDag\t1700\nEirik\t1600\nFrida\t1500\nGunnar\t1400\n');
    await countPlayers(page, 7);
    // Frida asks for a half-point bye in round 1; Gunnar will not come.
    const row = (name) => page.locator('[data-testid=desk-player]', { hasText: name });
    // (Each change waits behind the one before it: none is lost, whatever the worker's pace.)
    await row('Frida').getByTestId('desk-bye').selectOption({ label: 'half-point bye' });
    await row('Gunnar').getByTestId('desk-bye').selectOption({ label: 'absent' });
    // Colours left to the lot (the form's default).
    await press(page, 'desk-pair');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-result]').length === 2, null, { timeout: 30000 });
    assert.match(await page.textContent('body'), /The top player had (white|black) in round 1 \(chosen, or drawn by lot/);
    // The round's time box and the players' half-point-bye boxes (new views): axe at both widths.
    await axe(page, 'the round paired, with its time box and the players table');
    await page.setViewportSize(PHONE);
    await axe(page, 'the round paired, phone width');
    await page.setViewportSize(DESKTOP);
    const unseated = await page.getByTestId('desk-unseated').textContent();
    assert.match(unseated, /pairing-allocated bye/, unseated);
    assert.match(unseated, /Frida[^—\n]*— half-point bye/, unseated);
    assert.match(unseated, /Gunnar[^—\n]*— absent/, unseated);
    await page.evaluate(() => { window.print = () => {}; });
    await press(page, 'desk-print-round');
    await page.waitForFunction(() => document.querySelector('[data-testid=desk-panel]').classList.contains('print-round'));
    const pages = await pdfPages(await page.pdf({ preferCSSPageSize: true }));
    const text = pages.join('\n');
    assert.equal(pages.length, 1, 'seven players: one page');
    for (const must of ['Round 1', 'Paper Open', 'pairing-allocated bye', 'Frida', 'half-point bye', 'Gunnar', 'absent']) {
      assert.ok(text.includes(must), `the printed pairings say ${must}: ${text}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('two players of one name are told apart: a warning naming both start numbers and ids, the players view numbered', { timeout: 180000 }, async () => {
  const { context, page, errors } = await newDeskTournament(shared);
  try {
    await create(page, 'Smith Open', 'name\trating\tfide id\nSmith, John\t2100\t2001001\nJones, Ann\t2000\t\nSmith, John\t1900\t2001002\nBrown, Liz\t1800\t\n');
    await countPlayers(page, 4);
    const warned = await page.getByTestId('desk-warnings').textContent();
    assert.match(warned, /players of one name, 'Smith, John': start numbers 1 \(FIDE id 2001001\) and 3 \(FIDE id 2001002\)/, warned);
    const numbers = await page.locator('[data-testid=desk-player]', { hasText: 'Smith, John' }).evaluateAll((rows) => rows.map((r) => r.cells[0].textContent.trim()));
    assert.deepEqual(numbers, ['1', '3']);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a pasted list without a header: the problems a line each (ten shown), the header named, nothing typed lost', { timeout: 180000 }, async () => {
  const { context, page, errors } = await newDeskTournament(shared);
  try {
    // Rating first, then the name: without a header the columns are read as name, rating…
    const list = Array.from({ length: 40 }, (_, i) => `${2200 - 10 * i}\tPlayer ${i + 1}\tNOR`).join('\n') + '\n';
    await create(page, 'Header Open', list);
    await page.waitForFunction(() => /The players list/.test(document.querySelector('[data-testid=desk-failure]')?.textContent ?? ''), null, { timeout: 30000 });
    const failure = page.getByTestId('desk-failure');
    const said = await failure.innerText();
    assert.match(said, /Does the list begin with a line naming its columns/);
    const lines = said.split('\n').filter((l) => /line \d+/.test(l));
    assert.ok(lines.length >= 3 && lines.length <= 10, `a problem a line, at most ten: ${said}`);
    assert.match(said, /and \d+ more/);
    // The form still holds the list as pasted.
    assert.equal(await page.getByTestId('desk-players').inputValue(), list);
    assert.equal(await page.getByTestId('desk-tname').inputValue(), 'Header Open');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('out of FIDE mode the desk, its printed pairings and every pairing card say so; leaving asks twice', { timeout: 180000 }, async () => {
  const { context, page, errors } = await newDeskTournament(shared);
  try {
    await create(page, 'Club Night', 'name\trating\nAnna\t2000\nBjørn\t1900\nCecilie\t1800\nDag\t1700\n');
    await countPlayers(page, 4);
    assert.match(await page.getByTestId('desk-fide-mode').textContent(), /^FIDE mode/);
    await press(page, 'desk-leave-fide');
    await page.getByTestId('desk-confirm').waitFor({ timeout: 30000 });
    // Level 4: one yes is not enough.
    await confirmYes(page);
    await page.waitForTimeout(300);
    assert.match(await page.getByTestId('desk-fide-mode').textContent(), /^FIDE mode/, 'still in FIDE mode after one yes');
    await confirmYes(page);
    await page.waitForFunction(() => /^Not in FIDE mode/.test(document.querySelector('[data-testid=desk-fide-mode]')?.textContent ?? ''), null, { timeout: 30000 });
    await press(page, 'desk-colour', 'w');
    await press(page, 'desk-pair');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=desk-result]').length === 2, null, { timeout: 30000 });
    assert.equal(await page.getByTestId('desk-not-fide-mode').count(), 1, 'the round says so on screen');
    await page.evaluate(() => { window.print = () => {}; });
    const printed = async (testid, cls) => {
      await press(page, testid);
      await page.waitForFunction((c) => document.querySelector('[data-testid=desk-panel]').classList.contains(c), cls);
      return (await pdfPages(await page.pdf({ preferCSSPageSize: true }))).join('\n');
    };
    assert.match(await printed('desk-print-round', 'print-round'), /Not in FIDE mode/);
    const cards = await printed('desk-print-cards', 'print-cards');
    assert.equal((cards.match(/not in FIDE mode/g) ?? []).length, 4, `a card a player says so: ${cards}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
