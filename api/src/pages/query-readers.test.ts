import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routeQueries } from '@gota/shared/routes';
import {
  AlliesPageQuerySchema,
  InboxExportFiltersSchema,
  InboxFiltersSchema,
  LeadPageQuerySchema,
  LoginPageQuerySchema,
  PrivateFileQuerySchema,
  RegisterPageQuerySchema,
  ReleaseListQuerySchema,
  SearchQuerySchema,
  StoryListQuerySchema,
} from '@gota/shared/schemas';

/**
 * Every schema the API reads a query with, by the name its code uses, and the route of `routeQueries` it reads for.
 * `null`: an address no cache keeps, which needs no place in the list (a signed-in account's private file; the release
 * command's API, under nginx's /api/releases location, which has no cache).
 */
const querySchemas: Record<string, { schema: z.ZodType; route: keyof typeof routeQueries | null }> = {
  SearchQuerySchema: { schema: SearchQuerySchema, route: 'buscar' },
  LoginPageQuerySchema: { schema: LoginPageQuerySchema, route: 'auth' },
  RegisterPageQuerySchema: { schema: RegisterPageQuerySchema, route: 'registro' },
  InboxFiltersSchema: { schema: InboxFiltersSchema, route: 'panel' },
  InboxExportFiltersSchema: { schema: InboxExportFiltersSchema, route: 'panelExportar' },
  LeadPageQuerySchema: { schema: LeadPageQuerySchema, route: 'panelMensaje' },
  StoryListQuerySchema: { schema: StoryListQuerySchema, route: 'panelHistorias' },
  AlliesPageQuerySchema: { schema: AlliesPageQuerySchema, route: 'panelAliados' },
  PrivateFileQuerySchema: { schema: PrivateFileQuerySchema, route: null },
  ReleaseListQuerySchema: { schema: ReleaseListQuerySchema, route: null },
};

/** The fields of a `querySchema(…)`: the object inside its preprocessing (and refinements). */
function fieldsOf(schema: z.ZodType): string[] {
  const inner = (schema as unknown as { def: { out: { shape: Record<string, unknown> } } }).def.out;
  return Object.keys(inner.shape);
}

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

describe('the query parameters pages read (decision 052)', () => {
  it('are, for each route of the list, the fields of the schema it validates its query with', () => {
    const routes = Object.values(querySchemas).flatMap(({ route }) => (route === null ? [] : [route]));
    expect(routes.sort()).toEqual(Object.keys(routeQueries).sort());
    for (const { schema, route } of Object.values(querySchemas)) {
      if (route !== null) expect([...routeQueries[route]].sort(), route).toEqual(fieldsOf(schema).sort());
    }
  });

  it('cover every query the API reads', () => {
    const read = new Set<string>();
    for (const text of sources(path.resolve(import.meta.dirname, '..'))) {
      for (const match of text.matchAll(/validate\(\s*'query',\s*(\w+)/g)) read.add(match[1]!);
      for (const match of text.matchAll(/(\w+)\.(?:safeParse|parse)\(c\.req\.quer(?:y|ies)\(\)/g)) read.add(match[1]!);
      // a handler reading one parameter by hand would escape the list: there is none
      expect(text).not.toMatch(/c\.req\.quer(?:y|ies)\(\s*['"`]/);
    }
    expect([...read].sort()).toEqual(Object.keys(querySchemas).sort());
  });
});
