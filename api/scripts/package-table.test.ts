import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The package table of architecture §2 against the package.json files (issue #33): every package it names is declared
// with the version it gives, in each workspace whose code uses it or in the root (which holds the build and test tools
// every workspace runs, decision 027), and is used by code; and every package of the commissioned stack that a
// workspace declares has a row. A package that stays in the table after its last use or declaration went fails here.

const repo = path.resolve(import.meta.dirname, '../..');

interface Manifest {
  workspaces?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}
const manifest = (folder: string) => JSON.parse(readFileSync(path.join(repo, folder, 'package.json'), 'utf8')) as Manifest;
const root = manifest('.');
const folders = ['.', ...(root.workspaces ?? [])];
const manifests = new Map(folders.map((folder) => [folder, manifest(folder)]));

/** The stack the site was commissioned on (issue #33; `@playwright/test` is playwright's test runner). */
const commissioned = [
  'react',
  'react-dom',
  '@module-federation/enhanced',
  'webpack',
  'webpack-dev-server',
  'react-router-dom',
  'zustand',
  'axios',
  'hono',
  '@hono/node-server',
  '@hono/zod-validator',
  'zod',
  '@radix-ui/react-dialog',
  'vitest',
  '@playwright/test',
];

/** Packages the code runs rather than imports, and the command that runs each (in a package script or a script file). */
const runWithoutImport: Record<string, string> = {
  'webpack-cli': 'node_modules/webpack-cli/bin/cli.js',
  'webpack-dev-server': 'webpack serve',
  typescript: 'tsc -b',
};

interface Row {
  name: string;
  version: string;
  exact: boolean;
}

/** The rows of the table under "### Packages" in docs/architecture.md: package, version ("1.2.3", "**1.2.3 exact**"). */
function tableRows(): Row[] {
  const lines = readFileSync(path.join(repo, 'docs/architecture.md'), 'utf8').split('\n');
  const heading = lines.findIndex((line) => line.startsWith('### Packages'));
  if (heading < 0) throw new Error('architecture.md has no "### Packages" section');
  const section = lines.slice(heading);
  const table = section.slice(section.findIndex((line) => line.startsWith('|')));
  const end = table.findIndex((line) => !line.startsWith('|'));
  // the header and the separator row first
  return table.slice(2, end).map((line) => {
    const [name = '', version = ''] = line
      .split('|')
      .slice(1)
      .map((cell) => cell.replace(/[`*]/g, '').trim());
    const match = /^(\d+(?:\.\d+)*)( exact)?$/.exec(version);
    if (!match?.[1]) throw new Error(`architecture.md, package table: the version of ${name} is "${version}", not a version`);
    return { name, version: match[1], exact: Boolean(match[2]) };
  });
}

/** Every declaration of a package: the folder of its package.json and the range it asks for. */
function declarations(name: string): { folder: string; range: string }[] {
  return [...manifests].flatMap(([folder, json]) =>
    [json.dependencies, json.devDependencies, json.peerDependencies].flatMap((deps) =>
      deps?.[name] ? [{ folder, range: deps[name] }] : [],
    ),
  );
}

const skipped = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || skipped.has(entry.name)) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(?:[cm]?[jt]s|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The package a module specifier names: `@scope/name` or `name`, without a subpath; null for a relative path or Node's own. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire(?:\.resolve)?\s*\(\s*)['"]([^'"]+)['"]/g;
const files = sourceFiles(repo).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
/** Which workspaces' code (the root's for files outside every workspace) imports each package. */
const importers = new Map<string, Set<string>>();
for (const { file, text } of files) {
  const [top = '.'] = path.relative(repo, file).split(path.sep);
  const folder = manifests.has(top) ? top : '.';
  for (const [, specifier = ''] of text.matchAll(importPattern)) {
    const name = packageOf(specifier);
    if (name) importers.set(name, (importers.get(name) ?? new Set()).add(folder));
  }
}

describe('the package table of architecture §2', () => {
  const rows = tableRows();

  it('names each package once', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
  });

  it.each(rows)('$name $version is declared with that version wherever a package.json names it', ({ name, version, exact }) => {
    const found = declarations(name);
    expect(found, `${name} is declared`).not.toEqual([]);
    for (const { folder, range } of found) {
      const bare = range.replace(/^[\^~]/, '');
      expect(bare === version || bare.startsWith(`${version}.`), `${folder}/package.json asks for ${name} ${range}`).toBe(true);
      if (exact) expect(range, `${folder}/package.json pins ${name}`).toBe(version);
    }
  });

  it.each(rows)('$name is used by code, and declared by each workspace that imports it (or by the root)', ({ name }) => {
    const users = importers.get(name);
    if (!users) {
      const command = runWithoutImport[name];
      expect(
        command,
        `${name} is imported by no code: a package the code runs names its command in runWithoutImport`,
      ).toBeDefined();
      const scripts = [...manifests.values()].flatMap((json) => Object.values(json.scripts ?? {}));
      expect(
        [...scripts, ...files.map(({ text }) => text)].some((text) => text.includes(command!)),
        `something runs ${command}`,
      ).toBe(true);
      return;
    }
    const declaredIn = new Set(declarations(name).map(({ folder }) => folder));
    for (const folder of users) expect(declaredIn.has(folder) || declaredIn.has('.'), `${folder} imports ${name}`).toBe(true);
  });

  it('has a row for every package of the commissioned stack that a workspace declares', () => {
    const named = new Set(rows.map((row) => row.name));
    expect(commissioned.filter((name) => declarations(name).length > 0 && !named.has(name))).toEqual([]);
  });
});
