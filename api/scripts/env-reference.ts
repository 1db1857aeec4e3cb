// Writes docs/operations/configuration.md from the zod schema of the API's environment (api/src/env.ts, which spreads
// api/src/env-api.ts): each variable's name, default and accepted values from the schema itself, its meaning from the
// comment above it. `npm run docs:config` runs it; `env-reference.test.ts` fails when the committed file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { z } from 'zod';
import { EnvSchema, repoRoot } from '../src/env';

export const referencePath = 'docs/operations/configuration.md';
export const regenerateCommand = 'npm run docs:config';

const schemaFiles = { env: 'api/src/env.ts', api: 'api/src/env-api.ts' } as const;

export interface EnvVariable {
  name: string;
  /** The file whose schema declares it. */
  file: string;
  /** The comment above it, without its tags; empty when it has none. */
  description: string;
  /** `@default` of the comment (for a default worked out in code), else the schema's default, else undefined. */
  defaultText: string | undefined;
  accepts: string;
}

interface Documented {
  name: string;
  file: string;
  description: string;
  defaultTag: string | undefined;
}

/** The object literal a declaration's initializer holds, or `z.object({…})`'s argument. */
function objectLiteralOf(node: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
  if (!node) return undefined;
  if (ts.isObjectLiteralExpression(node)) return node;
  if (ts.isCallExpression(node)) return node.arguments.map(objectLiteralOf).find(Boolean);
  return undefined;
}

function declaration(file: string, name: string): ts.ObjectLiteralExpression {
  const source = ts.createSourceFile(file, readFileSync(path.join(repoRoot, file), 'utf8'), ts.ScriptTarget.Latest, true);
  let found: ts.ObjectLiteralExpression | undefined;
  source.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name)
      found = objectLiteralOf(node.initializer);
    if (!found) node.forEachChild(visit);
  });
  if (!found) throw new Error(`${file}: no encuentro el objeto de «${name}»`);
  return found;
}

/** The `/** … *\/` comment right above a property: its text and its `@default` tag. */
function docComment(property: ts.Node): { description: string; defaultTag: string | undefined } {
  const text = property.getSourceFile().text;
  const ranges = ts.getLeadingCommentRanges(text, property.getFullStart()) ?? [];
  const last = ranges.at(-1);
  if (!last || !text.slice(last.pos, last.end).startsWith('/**')) return { description: '', defaultTag: undefined };
  const lines = text
    .slice(last.pos + 3, last.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\*? ?/, '').trimEnd());
  const tagAt = lines.findIndex((line) => line.startsWith('@'));
  const body = tagAt === -1 ? lines : lines.slice(0, tagAt);
  const defaultLine = lines.find((line) => line.startsWith('@default '));
  return { description: body.join(' ').replace(/\s+/g, ' ').trim(), defaultTag: defaultLine?.slice('@default '.length).trim() };
}

/** Every variable in the order the schema declares it, following `...apiEnvShape` into env-api.ts. */
function documentedVariables(): Documented[] {
  const shapes: Record<string, { file: string; object: ts.ObjectLiteralExpression }> = {
    EnvSchema: { file: schemaFiles.env, object: declaration(schemaFiles.env, 'EnvSchema') },
    apiEnvShape: { file: schemaFiles.api, object: declaration(schemaFiles.api, 'apiEnvShape') },
  };
  const walk = (shape: string): Documented[] => {
    const { file, object } = shapes[shape]!;
    return object.properties.flatMap((property): Documented[] => {
      if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression) && property.expression.text in shapes) {
        return walk(property.expression.text);
      }
      if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
        return [{ name: property.name.text, file, ...docComment(property) }];
      }
      throw new Error(`${file}: no sé leer «${property.getText()}» en el esquema`);
    });
  };
  return walk('EnvSchema');
}

type Def = { type: string; format?: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; defaultValue?: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under its default, optional and transform wrappers, and the default met on the way. */
function unwrap(schema: z.ZodType): { core: z.ZodType; defaultValue: unknown } {
  let current = schema;
  let defaultValue: unknown;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'default' && defaultValue === undefined) defaultValue = def.defaultValue;
    // z.stringbool() is a pipe from text to a boolean: what it accepts is the boolean's
    if (def.type === 'pipe' && def.out && defOf(def.out).type === 'boolean') return { core: def.out, defaultValue };
    const next =
      def.type === 'pipe'
        ? def.in
        : ['default', 'optional', 'nullable', 'prefault'].includes(def.type)
          ? def.innerType
          : undefined;
    if (!next) return { core: current, defaultValue };
    current = next;
  }
}

const code = (value: unknown) => `\`${String(value)}\``;

/** What a value may be, from the schema's own checks. */
function accepts(core: z.ZodType): string {
  const def = defOf(core);
  if (def.type === 'enum') return (core as z.ZodEnum).options.map(code).join(', ');
  if (def.type === 'number') {
    const number = core as z.ZodNumber;
    const { minValue: min, maxValue: max } = number;
    const kind = number.isInt ? 'integer' : 'number';
    const finite = (n: number | null) => n !== null && Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER;
    if (finite(min) && finite(max)) return `${kind}, ${min}–${max}`;
    if (finite(min)) return `${kind} ≥ ${min}`;
    if (finite(max)) return `${kind} ≤ ${max}`;
    return kind;
  }
  if (def.type === 'boolean') return '`true`, `false` (also `1`/`0`, `yes`/`no`, `on`/`off`)';
  if (def.type === 'string' && def.format === 'url') return 'URL';
  if (def.type === 'string') {
    const length = (core as z.ZodString).minLength;
    return length ? `text, at least ${length} characters` : 'text';
  }
  return def.type;
}

function schemaDefault(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  return code(value);
}

export function envVariables(): EnvVariable[] {
  const shape = EnvSchema.shape as Record<string, z.ZodType>;
  const documented = documentedVariables();
  const inSource = new Set(documented.map((variable) => variable.name));
  const missing = Object.keys(shape).filter((name) => !inSource.has(name));
  if (missing.length > 0)
    throw new Error(`Variables del esquema que el generador no encontró en el código: ${missing.join(', ')}`);
  return documented.map(({ name, file, description, defaultTag }) => {
    const { core, defaultValue } = unwrap(shape[name]!);
    return { name, file, description, defaultText: defaultTag ?? schemaDefault(defaultValue), accepts: accepts(core) };
  });
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The whole Markdown file. */
export function renderEnvReference(variables: EnvVariable[] = envVariables()): string {
  const rows = variables.map(
    (v) =>
      `| \`${v.name}\` | ${cell(v.defaultText ?? '—')} | ${cell(v.accepts)} | ${cell(v.description || '(no description)')} |`,
  );
  return [
    `<!-- Generated by \`${regenerateCommand}\` (api/scripts/env-reference.ts) from ${schemaFiles.env} and ${schemaFiles.api}. Do not edit it by hand: change the comment above the variable in the schema and run the command again. -->`,
    '',
    '# Configuration',
    '',
    'Every setting of the API comes from the environment and is validated when it starts: a bad value stops the start',
    'and the message names the variable. The meaning of each is the comment above it in the schema; a default worked out',
    "in code is its comment's `@default`. «—»: no default (unset, or empty).",
    '',
    '| variable | default | accepts | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = path.join(repoRoot, referencePath);
  writeFileSync(target, renderEnvReference());
  console.log(`Escrito ${referencePath} (${envVariables().length} variables).`);
}
