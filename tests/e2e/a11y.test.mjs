// Accessibility: axe-core finds no serious or critical violation on any view, and the app can
// be used by keyboard alone, with the focus always visible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, compared, finished, siteForTests, editInput } from './browser.mjs';

const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;
const TRF = `${ROOT}engine/tests/data/trf/held_swiss_5.trf`;
const TEAMS = `${ROOT}engine/tests/data/trf/fideteam_nocolor.trf`;
const shared = siteForTests();

async function open(viewport = DESKTOP) {
  const opened = await shared.open(viewport);
  // Evaluated, not added as a script tag: the site's Content-Security-Policy refuses inline scripts.
  await opened.page.evaluate(await readFile(AXE, 'utf8'));
  return opened;
}

/** Runs axe on the page as it is; fails on any serious or critical violation, naming it. */
async function axe(page, view) {
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
  assert.deepEqual(violations, [], `${view}: ${violations.join('\n')}`);
}

const method = (page) => page.evaluate(() => document.querySelector('[data-testid=results-panel]').dataset.method);

async function choose(page, name) {
  await page.getByTestId('method').selectOption(name);
  await page.waitForFunction((m) => document.querySelector('[data-testid=results-panel]').dataset.method === m, name, { timeout: 60000 });
  await finished(page);
}

test('axe: no serious or critical violation on any view, at desktop and phone width', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await open(viewport);
    const at = viewport === PHONE ? 'phone' : 'desktop';
    await axe(page, `${at} ratings (Brent)`);
    await page.getByTestId('step-first').click();
    await axe(page, `${at} step by step`);
    await page.getByTestId('step-final').click();
    // Every other method the menu offers (made from the engine's table of methods).
    const offered = await page.getByTestId('method').locator('option').evaluateAll((os) => os.map((o) => o.value));
    for (const name of offered.filter((m) => m !== 'brent')) {
      await choose(page, name);
      await axe(page, `${at} ${name}`);
    }
    await choose(page, 'jrank');
    await page.getByTestId('jrank-fit').check();
    await page.getByTestId('fit-summary').waitFor({ state: 'visible', timeout: 60000 });
    await axe(page, `${at} JRank's fit`);
    await page.getByTestId('jrank-fit').uncheck();
    await choose(page, 'brent');
    await editInput(page);
    await page.locator('details.mapping summary').click();
    await (await editInput(page)).fill('white,black,result\nAnna,Ben,1-0\nAnna,Ben,maybe\n');
    await page.getByTestId('error-item').first().waitFor();
    await axe(page, `${at} parse errors and the column mapping`);
    await page.getByTestId('clear').click();
    await page.getByTestId('undo-bar').waitFor();
    await axe(page, `${at} cleared, with Undo`);
    await (await editInput(page)).fill(await readFile(TRF, 'utf8'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
    await finished(page);
    await page.getByTestId('standing-toggle').first().click();
    await page.getByTestId('derivation').waitFor();
    await axe(page, `${at} standings, a row explained`);
    await page.getByTestId('round').selectOption('3');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=rank-move]').length === 16, null, { timeout: 30000 });
    await page.getByTestId('show-crosstable').click();
    await page.getByTestId('crosstable').waitFor();
    await axe(page, `${at} crosstable after round 3, the file's ranks checked`);
    await page.screenshot({ path: `${ARTIFACTS}/crosstable-${at}.png`, fullPage: true });
    await page.getByTestId('show-pairings').click();
    await page.getByTestId('pairings').waitFor();
    await axe(page, `${at} round 3's pairings`);
    await (await editInput(page)).fill(await readFile(TEAMS, 'utf8'));
    await page.getByTestId('show-teams').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=team-row]').length === 9, null, { timeout: 30000 });
    await axe(page, `${at} team standings`);
    await page.screenshot({ path: `${ARTIFACTS}/teams-${at}.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the charts say what they show in words', async () => {
  const { context, page } = await open();
  const label = (id) => page.getByTestId(id).getAttribute('aria-label');
  assert.match(await label('ratings-chart'), /best 20, best first.*Manchester City FC 1789\.1.*down to Sheffield United FC 1211\.4/);
  assert.match(await label('convergence-chart'), /relative change and the largest residual of \(11\) per iteration; \d+ iterations, the last at/);
  await choose(page, 'elo');
  // The example's games are dated: Elo's history is drawn by date (issue 39).
  assert.match(await label('history-chart'), /Rating history of the leading players by date, 2023-08-11 to 2024-05-19, each rating held until the player's next game: .* from \d+ to \d+/);
  await context.close();
});

/** The element with the focus: a short description, whether it is what `selector` (and
 * `text`) picks out, and whether the focus shows (an outline on it or its `.button` label). */
function focused([selector, text]) {
  const el = document.activeElement;
  const shows = (e) => e && getComputedStyle(e).outlineStyle !== 'none' && parseFloat(getComputedStyle(e).outlineWidth) > 0;
  return {
    what: el.outerHTML.slice(0, 100),
    hit: el.matches(selector) && (!text || el.textContent.includes(text)),
    visible: shows(el) || shows(el.closest('.button')),
  };
}

/** Presses Tab (Shift+Tab with `back`) until the focus reaches `selector` (with `text`),
 * checking that the focus is visible on every element it passes. */
async function tabTo(page, selector, text, back = false) {
  for (let i = 0; i < 250; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await page.evaluate(focused, [selector, text]);
    assert.ok(f.visible, `the focus does not show on ${f.what}`);
    if (f.hit) return;
  }
  assert.fail(`Tab never reached ${selector} ${text ?? ''}`);
}

test('keyboard only: a tournament pasted, the tiebreak order, a row explained, the method and a parameter changed', async () => {
  const { context, page, errors } = await open();
  // The input is folded to a line once read: Edit opens it with the focus in the text.
  await tabTo(page, '[data-testid=edit-input]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'input');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(await readFile(TRF, 'utf8'));
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=standing-row]').length === 16, null, { timeout: 30000 });
  await finished(page);
  const heads = () => page.getByTestId('tiebreak-head').allTextContents();
  // FIDE's recommended Swiss order by default (issue 19: EIG is offered, not put in unasked).
  assert.deepEqual(await heads(), ['BH-C1', 'BH', 'SB']);
  // The tiebreak order: arrows on a chip move it, and the focus stays with it.
  // The standings come first on the page (issue 19, item 14: the keyboard goes in the order
  // the page reads): back up from the text to the tiebreak order.
  await tabTo(page, '[data-testid=tiebreak-chip]', 'SB', true);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tiebreak-head]')[1]?.textContent === 'SB');
  assert.deepEqual(await heads(), ['BH-C1', 'SB', 'BH']);
  await page.waitForFunction(() => document.activeElement.textContent.includes('2. SB'));
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('[data-testid=tiebreak-head]').textContent === 'SB');
  assert.equal(await page.evaluate(() => document.activeElement.textContent.startsWith('1. SB')), true);
  assert.equal(await page.getByTestId('tiebreak-announce').textContent(), 'SB moved to place 1 of 3');
  // One Tab stop a chip (issue 19, item 14: the chip's buttons are for the pointer; its keys
  // do what they do): Tab goes on to the next chip.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'tiebreak-chip');
  assert.equal(await page.evaluate(() => document.activeElement.textContent.startsWith('2. ')), true);
  // A button's move keeps the focus on that button of the moved chip.
  await page.locator('[data-testid=tiebreak-chip]').first().getByTestId('tiebreak-down').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tiebreak-head]')[1]?.textContent === 'SB');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Move SB later');
  // Arrowing through the list of tiebreaks only chooses; Enter on Add adds.
  await tabTo(page, '[data-testid=tiebreak-add]');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('[data-testid=tiebreak-about]').textContent !== '');
  assert.equal((await heads()).length, 3);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'tiebreak-add-button');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tiebreak-head]').length === 4);
  // A standings row explains itself from the keyboard.
  await tabTo(page, '[data-testid=standing-toggle]');
  await page.keyboard.press('Enter');
  await page.getByTestId('derivation').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-expanded')), 'true');
  // The method: a closed select changes with the arrow keys.
  await tabTo(page, '[data-testid=method]');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('[data-testid=results-panel]').dataset.method === 'elo', null, { timeout: 60000 });
  await finished(page);
  // A parameter: typed into its box, and nudged with its slider.
  const first = await page.getByTestId('player-rating').first().textContent();
  await tabTo(page, '[data-testid=k-range]');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid=k]').value === '26');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'k');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('40');
  await page.keyboard.press('Enter');
  await page.waitForFunction((v) => document.querySelector('[data-testid=player-rating]').textContent !== v, first, { timeout: 30000 });
  assert.equal(await page.getByTestId('k').inputValue(), '40');
  assert.equal(await method(page), 'elo');
  await page.screenshot({ path: `${ARTIFACTS}/keyboard.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('axe: no serious or critical violation on the compare view, at desktop and phone width', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await open(viewport);
    const at = viewport === PHONE ? 'phone' : 'desktop';
    await page.getByTestId('compare-open').click();
    await compared(page);
    await page.getByTestId('compare-row').first().focus();
    await axe(page, `${at} compare view (Brent against Elo, 20 shuffles)`);
    await page.getByTestId('compare-add').click();
    await page.getByTestId('compare-run').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=agreement-row]').length === 3, null, { timeout: 60000 });
    await axe(page, `${at} compare view with three methods`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('axe: no serious or critical violation on the race and the working of a step, at desktop and phone width', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await open(viewport);
    const at = viewport === PHONE ? 'phone' : 'desktop';
    await page.getByTestId('race-run').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=race-row]').length === 4, null, { timeout: 120000 });
    await page.locator('details.sweep-numbers summary').click();
    await axe(page, `${at} the iterations raced`);
    await page.locator('[data-testid=race-row][data-racer=alg1] [data-testid=race-step]').click();
    await page.waitForFunction(() => /^Showing iteration 1 of/.test(document.querySelector('[data-testid=step-label]')?.textContent ?? ''), null, { timeout: 60000 });
    await page.getByTestId('working-player').selectOption({ index: 1 });
    await page.getByTestId('working').waitFor({ timeout: 30000 });
    await page.locator('[data-testid=working] details summary').click();
    await axe(page, `${at} the working of a step`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('axe: no serious or critical violation on the prediction view and the lab, at desktop and phone width', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await open(viewport);
    const at = viewport === PHONE ? 'phone' : 'desktop';
    await page.getByTestId('predict-open').click();
    await page.getByTestId('predict-evaluate').click();
    await page.getByTestId('predict-table').waitFor({ timeout: 60000 });
    await page.getByTestId('tune-run').click();
    await page.getByTestId('tune-table').waitFor({ timeout: 60000 });
    await page.getByTestId('lab-repetitions').fill('10');
    await page.getByTestId('lab-repetitions').dispatchEvent('change');
    await page.getByTestId('lab-run').click();
    await page.getByTestId('lab-table').waitFor({ timeout: 60000 });
    await axe(page, `${at} prediction view, tuning and the lab`);
    await page.getByTestId('predict-panel').screenshot({ path: `${ARTIFACTS}/predict-lab-${at}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('on a phone every dropdown shows its choice whole, the longer words below it', async () => {
  const { context, page, errors } = await shared.open(PHONE);
  // The text a select shows, against the room it has (less its arrow).
  const cut = () => page.locator('select').evaluateAll((ss) => ss.filter((s) => s.offsetParent).flatMap((s) => {
    const shown = s.options[s.selectedIndex]?.text ?? '';
    const m = document.createElement('span');
    m.style.font = getComputedStyle(s).font;
    m.style.whiteSpace = 'pre';
    m.textContent = shown;
    document.body.appendChild(m);
    const need = m.getBoundingClientRect().width;
    m.remove();
    return need > s.clientWidth - 24 ? [`${s.dataset.testid}: "${shown}" needs ${Math.round(need)} px of ${s.clientWidth}`] : [];
  }));
  for (const m of ['brent', 'glicko2', 'weng_lin']) {
    await page.getByTestId('method').selectOption(m);
    await page.waitForFunction((x) => document.querySelector('[data-testid=results-panel]')?.dataset.method === x, m, { timeout: 60000 });
    assert.deepEqual(await cut(), [], m);
  }
  await page.getByTestId('method').selectOption('brent');
  await page.getByTestId('variant').selectOption('auto');
  // What the choice does, in full, below it and read with it.
  const detail = page.getByTestId('variant-detail');
  assert.match(await detail.textContent(), /Algorithm 1 up to 400 players \(to step through\), accelerated above/);
  const described = await page.getByTestId('variant').getAttribute('aria-describedby');
  assert.ok(described?.split(' ').includes(await detail.getAttribute('id')), described);
  await page.getByTestId('variant').selectOption('zermelo');
  assert.match(await detail.textContent(), /Zermelo's, slower/);
  assert.deepEqual(errors, []);
  await context.close();
});
