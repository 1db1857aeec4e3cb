import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { tmpDir } from '../support/servers';
import { heading, routes, scrollThrough, settleAnimations } from '../support/site';

// Issue #16 row 14: the rendered DOM of every page and open dialog passes the Nu HTML Checker (vnu.jar, run offline on
// the machine's Java) and has no IBM Equal Access violation of the rules the newcomer met. Both run on what the
// browser shows, after the remotes have rendered, not on the server's HTML.
const require = createRequire(import.meta.url);
const vnuJar: string = require('vnu-jar');
const aceSource = readFileSync(require.resolve('accessibility-checker-engine/ace.js'), 'utf8');
const ibmRules = ['aria_article_label_unique', 'aria_role_valid', 'input_autocomplete_valid'];

// the engine is injected as a script: the site's CSP (nonces, 'strict-dynamic') would rightly refuse it
test.use({ bypassCSP: true });

type Snapshot = { name: string; html: string; ibm: string[] };

async function snapshot(page: Page, name: string): Promise<Snapshot> {
  await settleAnimations(page);
  const html = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);
  if (!(await page.evaluate(() => 'ace' in window))) await page.evaluate(aceSource);
  const ibm = await page.evaluate(async (rules) => {
    type Result = { ruleId: string; value: [string, string]; path: { dom: string }; message: string };
    const checker = new (window as unknown as { ace: { Checker: new () => { check: (doc: Document, sets: string[]) => Promise<{ results: Result[] }> } } }).ace.Checker();
    const report = await checker.check(document, ['IBM_Accessibility']);
    return report.results
      .filter((result) => rules.includes(result.ruleId) && result.value[0] === 'VIOLATION' && result.value[1] === 'FAIL')
      .map((result) => `${result.ruleId} at ${result.path.dom}: ${result.message}`);
  }, ibmRules);
  return { name, html, ibm };
}

/** Runs the Nu HTML Checker once over every snapshot; returns its errors, by snapshot. */
async function nuErrors(snapshots: Snapshot[]): Promise<string[]> {
  const dir = path.join(tmpDir, 'vnu');
  mkdirSync(dir, { recursive: true });
  const files = snapshots.map((shot) => {
    const file = path.join(dir, `${shot.name.replace(/\W+/g, '_')}.html`);
    writeFileSync(file, shot.html);
    return file;
  });
  const { stderr } = await promisify(execFile)('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files], { maxBuffer: 16 * 1024 * 1024 });
  const { messages } = JSON.parse(stderr) as { messages: { type: string; url: string; message: string; extract?: string }[] };
  return messages.filter((m) => m.type === 'error').map((m) => `${path.basename(m.url)}: ${m.message} ${(m.extract ?? '').replace(/\s+/g, ' ').slice(0, 120)}`);
}

test('every page and open dialog passes the Nu HTML Checker and the IBM rules', async ({ page }) => {
  test.setTimeout(240_000);
  const snapshots: Snapshot[] = [];
  for (const route of routes) {
    await page.goto(route.path);
    await expect(heading(page, route.heading)).toBeVisible();
    await scrollThrough(page);
    snapshots.push(await snapshot(page, route.path));
  }
  await page.goto('/example');
  for (const [button, dialog] of [
    ['Abrir empresa', 'Súmate como empresa'],
    ['Abrir contacto', 'Contáctanos'],
    ['Aviso de privacidad', 'Aviso de privacidad'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    snapshots.push(await snapshot(page, `dialog ${dialog}`));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  expect(snapshots.flatMap((shot) => shot.ibm.map((line) => `${shot.name}: ${line}`))).toEqual([]);
  expect(await nuErrors(snapshots)).toEqual([]);
});
