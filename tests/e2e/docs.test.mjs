// The input panel's *Input formats*: docs/input.md, rendered at build time, shown in the app.
// It opens, shows the document's headings, and axe finds no violation of any impact in it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS, DESKTOP, PHONE, ROOT, siteForTests, editInput } from './browser.mjs';

const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;
const shared = siteForTests();

/** The document's `##` headings as text (backticks dropped), outside code blocks. */
async function headings() {
  const markdown = await readFile(`${ROOT}docs/input.md`, 'utf8');
  let fenced = false;
  const out = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && line.startsWith('## ')) out.push(line.slice(3).replaceAll('`', '').trim());
  }
  return out;
}

test('Input formats: the help opens with input.md\'s headings, and axe finds nothing in it', async () => {
  const expected = await headings();
  assert.ok(expected.length > 5, 'input.md has its sections');
  for (const viewport of [DESKTOP, PHONE]) {
    const { context, page, errors } = await shared.open(viewport);
    try {
      await editInput(page);
      const help = page.getByTestId('input-help');
      await help.locator('summary').click();
      // Headings demoted under the panel's <h2>: input.md's `##` are <h4>.
      await assert.doesNotReject(help.getByRole('heading', { level: 4, name: 'CSV games files' }).waitFor());
      assert.ok(await help.getByRole('heading', { level: 4, name: 'CSV games files' }).isVisible());
      const shown = await help.locator('h4').allTextContents();
      assert.deepEqual(shown, expected);
      assert.equal(await help.locator('h1, h2').count(), 0, 'no heading above the panel\'s own level');
      await page.evaluate(await readFile(AXE, 'utf8'));
      const violations = await page.evaluate(async () => (await window.axe.run('[data-testid=input-help]')).violations
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
      assert.deepEqual(violations, []);
      await page.screenshot({ path: `${ARTIFACTS}/input-help-${viewport === PHONE ? 'phone' : 'desktop'}.png` });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});
