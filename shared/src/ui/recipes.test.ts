import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appStyleSheets, repositoryRoot } from '../testing/css-breakpoints';

/**
 * The shared CSS recipes (layout, surface, typography, visually hidden, the shell's scrim) are composed into the apps'
 * own classes. A class that composes a recipe and also sets one of the recipe's properties would depend on which of the
 * two rules the bundler puts last, and the bundler does not promise an order between the modules of one style chunk
 * (mini-css-extract-plugin's `ignoreOrder`, decision 024): a caller changes a recipe only through the custom properties
 * the recipe reads.
 */
const root = repositoryRoot;

const rule = /(?:^|\n)([^{}\n]+)\{([^{}]*)\}/g;
const declared = (body: string) =>
  new Set(
    [...body.matchAll(/(?:^|;|\n)\s*(-{0,2}[a-z][a-z-]*)\s*:/g)]
      .map((match) => match[1] ?? '')
      .filter((name) => name !== 'composes'),
  );
const composed = (body: string) => /composes:\s*([\w\s]+?)(?:\s+from\s+['"]([^'"]+)['"])?\s*;/.exec(body);

function recipeFile(from: string, source: string | undefined): string {
  if (!source) return from;
  const shared = /^@gota\/shared\/ui\/([\w-]+)\.module\.css$/.exec(source);
  return shared ? join(root, 'shared/src/ui', shared[1] ?? '', `${shared[1] ?? ''}.module.css`) : resolve(dirname(from), source);
}

/** Every property a class sets, itself or through what it composes. */
function propertiesOf(file: string, className: string): Set<string> {
  const css = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const [, selector = '', body = ''] of css.matchAll(rule)) {
    if (selector.trim() !== `.${className}`) continue;
    for (const name of declared(body)) found.add(name);
    const parent = composed(body);
    if (parent)
      for (const name of (parent[1] ?? '').trim().split(/\s+/))
        for (const p of propertiesOf(recipeFile(file, parent[2]), name)) found.add(p);
  }
  return found;
}

describe('the CSS recipes', () => {
  const files = appStyleSheets().filter((file) => file.endsWith('.module.css'));

  it('are composed somewhere (the scan finds them)', () => {
    expect(files.filter((file) => /composes:[^;]+from/.test(readFileSync(file, 'utf8'))).length).toBeGreaterThan(10);
  });

  it('are changed by their callers only through custom properties, never by restating one of their properties', () => {
    const clashes: string[] = [];
    for (const file of files) {
      for (const [, selector = '', body = ''] of readFileSync(file, 'utf8').matchAll(rule)) {
        const parent = composed(body);
        if (!parent?.[2]) continue;
        const own = declared(body);
        for (const name of (parent[1] ?? '').trim().split(/\s+/)) {
          for (const property of propertiesOf(recipeFile(file, parent[2]), name)) {
            if (own.has(property) && !/^--(heading|scrim|column|stack|grid|list|card)-/.test(property))
              clashes.push(`${relative(root, file)} ${selector.trim()} sets ${property} of ${name}`);
            if (own.has(property) && /^--scale-/.test(property))
              clashes.push(`${relative(root, file)} ${selector.trim()} sets the private ${property}`);
          }
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});
