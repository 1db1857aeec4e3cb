import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  defaultAllyButton,
  mediaIdOf,
  proposeSlug,
  type Ally,
  type AllyBrand,
  type EditableAlly,
  type Member,
} from '@gota/shared/contracts';
import { AllySchema, MemberSchema } from '@gota/shared/schemas';
import { ContentError } from '../../common/content-error';

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
    // an uploaded logo (`/media/…`, decision 060) is in the database, not in public/
    if (value && !mediaIdOf(value) && !existsSync(path.join(publicDir, value))) {
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
    if (names.has(ally.empresa))
      throw new ContentError(`Contenido inválido en ${alliesFile}: la empresa «${ally.empresa}» está repetida`);
    names.add(ally.empresa);
  }
  allies.sort((a, b) => a.empresa.localeCompare(b.empresa, 'es'));

  const membersFile = path.join(dir, 'members.json');
  const members = parseList(MemberSchema, membersFile);
  members.forEach((member, index) => assertImages(membersFile, publicDir, [{ field: `${index}.logo`, value: member.logo }]));
  return { allies, allyBrands: allies.map(({ empresa, img }) => ({ empresa, img })), members };
}

/** The allies and members of the files as the panel's one list (decision 060): allies first, in their order, then members. */
export function editableAllies({ allies, members }: Pick<AlliesContent, 'allies' | 'members'>): EditableAlly[] {
  const ids = new Set<string>();
  const idFor = (prefix: string, name: string) => {
    const base = `${prefix}-${proposeSlug(name).slice(0, 60) || 'sin-nombre'}`;
    let id = base;
    for (let n = 2; ids.has(id); n += 1) id = `${base}-${n}`;
    ids.add(id);
    return id;
  };
  return [
    ...allies.map(({ empresa, img, img2, text, link, textBtn }): EditableAlly => ({
      id: idFor('aliado', empresa),
      seccion: 'aliados',
      empresa,
      img,
      ...(img2 ? { img2 } : {}),
      text,
      link,
      textBtn: textBtn === defaultAllyButton ? '' : textBtn,
      visible: true,
    })),
    ...members.map(({ name, logo }): EditableAlly => ({
      id: idFor('miembro', name),
      seccion: 'miembros',
      empresa: name,
      img: logo,
      text: '',
      link: '',
      textBtn: '',
      visible: true,
    })),
  ];
}

/** What visitors see of the panel's list: the visible allies and members, each section in the panel's order. */
export function alliesOf(items: EditableAlly[]): AlliesContent {
  const allies = items
    .filter((item) => item.visible && item.seccion === 'aliados')
    .map(({ empresa, img, img2, text, link, textBtn }): Ally => ({
      empresa,
      img,
      ...(img2 ? { img2 } : {}),
      cover: false,
      text,
      link,
      textBtn: textBtn || defaultAllyButton,
    }));
  const members = items
    .filter((item) => item.visible && item.seccion === 'miembros')
    .map(({ empresa, img }): Member => ({ logo: img, name: empresa }));
  return { allies, allyBrands: allies.map(({ empresa, img }) => ({ empresa, img })), members };
}
