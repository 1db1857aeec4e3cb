import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Ally, AllyBrand, Member } from '@gota/shared/contracts';
import { AllySchema, MemberSchema } from '@gota/shared/schemas';
import { ContentError } from './content-error';

/** Allies and members (product §3), editorial JSON in the content folder. */
export interface AlliesContent {
  /** Sorted by empresa with Spanish collation (product §3). */
  allies: Ally[];
  /** The same allies with name and logo only: what the home page's strip shows, made once rather than per request. */
  allyBrands: AllyBrand[];
  members: Member[];
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError(`Contenido inválido en ${file}: no es JSON válido (${(error as Error).message})`);
  }
}

function parseList<S extends z.ZodType>(schema: S, file: string): z.infer<S>[] {
  const parsed = z.array(schema).min(1, 'La lista está vacía').safeParse(readJson(file));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `  campo «${issue.path.join('.') || '(raíz)'}»: ${issue.message}`);
    throw new ContentError(`Contenido inválido en ${file}:\n${issues.join('\n')}`);
  }
  return parsed.data;
}

function siblingPublic(dir: string): string | undefined {
  const candidate = path.resolve(dir, '../public');
  return existsSync(candidate) ? candidate : undefined;
}

/** An image path that names no file in public/ would be a broken logo on the page: refuse to start instead. */
function assertImages(file: string, publicDir: string | undefined, entries: { field: string; value: string | undefined }[]) {
  if (!publicDir) return;
  for (const { field, value } of entries) {
    if (value && !existsSync(path.join(publicDir, value))) {
      throw new ContentError(`Contenido inválido en ${file}:\n  campo «${field}»: no existe la imagen ${value}`);
    }
  }
}

/**
 * Loads `allies.json` and `members.json` from the content folder. Every logo must exist in `publicDir`, by default the
 * `public/` folder beside the content folder (skipped when there is none, as in tests with a temporary content folder).
 *
 * @example
 * const { allies, members } = loadAllies('api/content')
 */
export function loadAllies(dir: string, publicDir: string | undefined = siblingPublic(dir)): AlliesContent {
  const alliesFile = path.join(dir, 'allies.json');
  const allies = parseList(AllySchema, alliesFile);
  allies.forEach((ally, index) =>
    assertImages(alliesFile, publicDir, [
      { field: `${index}.img`, value: ally.img },
      { field: `${index}.img2`, value: ally.img2 },
    ]),
  );
  const names = new Set<string>();
  for (const ally of allies) {
    if (names.has(ally.empresa)) throw new ContentError(`Contenido inválido en ${alliesFile}: la empresa «${ally.empresa}» está repetida`);
    names.add(ally.empresa);
  }
  allies.sort((a, b) => a.empresa.localeCompare(b.empresa, 'es'));

  const membersFile = path.join(dir, 'members.json');
  const members = parseList(MemberSchema, membersFile);
  members.forEach((member, index) => assertImages(membersFile, publicDir, [{ field: `${index}.logo`, value: member.logo }]));
  return { allies, allyBrands: allies.map(({ empresa, img }) => ({ empresa, img })), members };
}
