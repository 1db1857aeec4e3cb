import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/env';

// Docs that cannot drift (issue #44 item 2, decision 053): every citation in the code and the docs must name something
// that exists — a section of a Markdown file by its heading, a numbered section of product.md or architecture.md, a
// decision record — every relative Markdown link must reach its file and heading, and every record must be in the
// index of docs/decisions/. Each failure names the file and line to mend.

const skippedFolders = new Set(['node_modules', 'dist', '.git', '.tmp', 'data', 'test-results', 'playwright-report']);
const textFile = /\.(ts|tsx|mts|mjs|cjs|js|md|json|ya?ml|conf|service|sh|css|html)$/;
const thisFile = path.relative(repoRoot, import.meta.filename);

function walk(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : walk(relative);
    const scanned = (textFile.test(entry.name) || relative === '.ci/run') && entry.name !== 'package-lock.json';
    return scanned && relative !== thisFile ? [relative] : [];
  });
}

interface SourceFile {
  file: string;
  text: string;
  /** The text with fenced code blocks blanked (Markdown only), for links. */
  prose: string;
}

const files: SourceFile[] = walk('.')
  .map((file) => file.replace(/^\.\//, ''))
  .map((file) => {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    const prose = file.endsWith('.md') ? text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' ')) : text;
    return { file, text, prose };
  });

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;
const at = (source: SourceFile, index: number) => `${source.file}:${lineOf(source.text, index)}`;

// ------------------------------------------------------------------------------------------------ headings and slugs

const headingCache = new Map<string, string[]>();
/** The headings of a Markdown file, as written (code spans and link syntax removed). */
function headings(file: string): string[] {
  let found = headingCache.get(file);
  if (!found) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    found = [...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) =>
      match[1]!.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'),
    );
    headingCache.set(file, found);
  }
  return found;
}

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** A heading or a cited name, compared without case, emphasis or the heading's own number («2. Upload»). */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/^\d+(?:\.\d+)*\.?\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

// --------------------------------------------------------------------------------------------- sections by heading

/** Which Markdown file a citation's name points at, from the citing file's folder, the docs or the root. */
function resolveDoc(name: string, from: string): string | undefined {
  const file = /\.md$/i.test(name) ? name : `${name}.md`;
  const candidates = [path.posix.join(path.posix.dirname(from), file), path.posix.join('docs', file), file];
  // a bare "README" is the repository's own, whichever file cites it
  if (!name.includes('/') && /^README/i.test(name)) candidates.unshift('README.md');
  return candidates
    .map((candidate) => path.posix.normalize(candidate))
    .find((candidate) => existsSync(path.join(repoRoot, candidate)));
}

/** Space between two words of a citation, across a line break and a comment's `//`, ` * ` or `#`. */
const gap = String.raw`\s+(?:(?:\/\/|\*|#)\s*)?`;
const optionalGap = String.raw`\s*(?:(?:\/\/|\*|#)\s*)?`;
const docName = String.raw`((?:[\w.-]+/)*README(?:\.md)?|(?:[\w.-]+/)*[\w-]+\.md)`;
const sectionName = String.raw`(?:"([A-Za-z][^"\n]{1,80})"|«([^»\n]{2,80})»|\*([A-Za-z][^*\n]{1,80})\*|§\s?([A-Za-z][\w' -]{1,60}))`;
const sectionCitation = new RegExp(String.raw`\b${docName}(?:'s)?,?${gap}(?:\(\s*)?${sectionName}`, 'g');

function sectionProblems(): string[] {
  return files.flatMap((source) =>
    [...source.text.matchAll(sectionCitation)].flatMap((match) => {
      const [, name, ...names] = match;
      const section = names.find(Boolean)!;
      const target = resolveDoc(name!, source.file);
      if (!target) return [`${at(source, match.index)}: cites ${name} «${section}», and there is no such file`];
      const wanted = comparable(section);
      const found = headings(target).some((heading) => comparable(heading).startsWith(wanted));
      return found ? [] : [`${at(source, match.index)}: cites «${section}» of ${target}, which has no such heading`];
    }),
  );
}

// --------------------------------------------------------------------------------- product §n and architecture §n

const numberedDocs = { product: 'docs/product.md', architecture: 'docs/architecture.md' } as const;

function numberedSections(file: string): Set<string> {
  return new Set(headings(file).flatMap((heading) => /^(\d+(?:\.\d+)*)\.?\s/.exec(heading)?.[1] ?? []));
}

const sectionNumber = String.raw`(\d+(?:\.\d+)*)`;
const numberedCitation = new RegExp(
  String.raw`\b(product|architecture)(?:\.md)?\)?,?${optionalGap}§\s?${sectionNumber}((?:\s*(?:,|and|or|–|-)\s*§\s?\d+(?:\.\d+)*)*)`,
  'gi',
);

function numberedProblems(): string[] {
  const known = Object.fromEntries(Object.entries(numberedDocs).map(([name, file]) => [name, numberedSections(file)]));
  const check = (source: SourceFile, index: number, doc: keyof typeof numberedDocs, numbers: string[]) =>
    numbers
      .filter((n) => !known[doc]!.has(n))
      .map((n) => `${at(source, index)}: cites ${doc} §${n}, which ${numberedDocs[doc]} does not have`);
  return files.flatMap((source) => {
    const cited = [...source.text.matchAll(numberedCitation)].flatMap((match) => {
      const more = [...(match[3] ?? '').matchAll(/\d+(?:\.\d+)*/g)].map((m) => m[0]);
      return check(source, match.index, match[1]!.toLowerCase() as keyof typeof numberedDocs, [match[2]!, ...more]);
    });
    // inside product.md and architecture.md a bare "(§7)" is the file's own section (issue numbers read "#11 §9")
    const own = Object.entries(numberedDocs).find(([, file]) => file === source.file)?.[0] as
      keyof typeof numberedDocs | undefined;
    const selfCited = own
      ? [...source.text.matchAll(/(?<!(?:#\d+|product|architecture|RFC \d+)\s?)(?<![\w§])§(\d+(?:\.\d+)*)/gi)].flatMap((match) =>
          check(source, match.index, own, [match[1]!]),
        )
      : [];
    return [...cited, ...selfCited];
  });
}

// ----------------------------------------------------------------------------------------------- decision records

const decisionsFolder = 'docs/decisions';
const recordFiles = readdirSync(path.join(repoRoot, decisionsFolder)).filter((name) => /^\d{3}-.+\.md$/.test(name));
const recordNumbers = new Set(recordFiles.map((name) => name.slice(0, 3)));

const decisionCitation = new RegExp(
  String.raw`\b(?:decisions?|decisión|decisiones)${gap}(\d{3})((?:\s*(?:,|and|y|or|o|–|-)${optionalGap}\d{3}\b)*)`,
  'gi',
);

function decisionProblems(): string[] {
  return files.flatMap((source) => {
    const byNumber = [...source.text.matchAll(decisionCitation)].flatMap((match) => {
      const numbers = [match[1]!];
      // "decisions 019–021" names the ones between too
      for (const part of (match[2] ?? '').matchAll(/([–-])?\s*(\d{3})/g)) {
        const previous = Number(numbers.at(-1));
        const next = Number(part[2]);
        if (part[1] && next > previous) for (let n = previous + 1; n < next; n += 1) numbers.push(String(n).padStart(3, '0'));
        numbers.push(part[2]!);
      }
      return numbers
        .filter((n) => !recordNumbers.has(n))
        .map((n) => `${at(source, match.index)}: cites decision ${n}, which has no record in ${decisionsFolder}/`);
    });
    const byPath = [...source.text.matchAll(/docs\/decisions\/(\d{3}-[\w-]+\.md)/g)]
      .filter((match) => !recordFiles.includes(match[1]!))
      .map((match) => `${at(source, match.index)}: names ${decisionsFolder}/${match[1]}, which does not exist`);
    return [...byNumber, ...byPath];
  });
}

// ------------------------------------------------------------------------------------------------- Markdown links

function linkProblems(): string[] {
  return files
    .filter((source) => source.file.endsWith('.md'))
    .flatMap((source) =>
      [...source.prose.matchAll(/\[[^\]\n]*\]\(([^)\s]+)\)/g)].flatMap((match) => {
        const link = match[1]!;
        if (/^[a-z]+:/i.test(link) || link.startsWith('/')) return [];
        const [target = '', anchor] = link.split('#');
        const file = target
          ? path.posix.normalize(path.posix.join(path.posix.dirname(source.file), decodeURI(target)))
          : source.file;
        if (!existsSync(path.join(repoRoot, file)))
          return [`${at(source, match.index)}: links to ${link}, and ${file} does not exist`];
        if (!anchor || !file.endsWith('.md') || statSync(path.join(repoRoot, file)).isDirectory()) return [];
        const found = headings(file).some((heading) => slug(heading) === decodeURIComponent(anchor));
        return found ? [] : [`${at(source, match.index)}: links to ${link}, and ${file} has no heading with that anchor`];
      }),
    );
}

// -------------------------------------------------------------------------------------------- the records' index

const indexFile = `${decisionsFolder}/README.md`;
const statusPattern = /^(accepted(; changed by \d{3}(, \d{3})*)?|superseded by \d{3})$/;

function indexProblems(): string[] {
  const index = readFileSync(path.join(repoRoot, indexFile), 'utf8');
  const rows = [...index.matchAll(/^\| (\d{3}) \| \[[^\]]+\]\(([^)]+)\) \| ([^|]+?) \|$/gm)].map((match) => ({
    number: match[1]!,
    file: match[2]!,
    status: match[3]!,
  }));
  const listed = new Set(rows.map((row) => row.file));
  const missing = recordFiles
    .filter((file) => !listed.has(file))
    .map((file) => `${indexFile} does not list ${file}: add the row «| ${file.slice(0, 3)} | [its title](${file}) | accepted |»`);
  const wrong = rows.flatMap((row) => {
    const problems: string[] = [];
    if (!recordFiles.includes(row.file))
      problems.push(`${indexFile}: row ${row.number} links to ${row.file}, which does not exist`);
    if (!row.file.startsWith(row.number))
      problems.push(`${indexFile}: row ${row.number} links to another record's file, ${row.file}`);
    if (!statusPattern.test(row.status))
      problems.push(`${indexFile}: row ${row.number} has the status «${row.status}»; write ${statusPattern.source}`);
    for (const [, n] of row.status.matchAll(/(\d{3})/g)) {
      if (!recordNumbers.has(n!)) problems.push(`${indexFile}: row ${row.number} names decision ${n}, which has no record`);
    }
    // a record whose head says it was superseded is listed so
    const head = recordFiles.includes(row.file)
      ? readFileSync(path.join(repoRoot, decisionsFolder, row.file), 'utf8')
          .split('\n')
          .slice(0, 8)
          .join(' ')
      : '';
    const supersededBy = /status:\s*superseded by decision (\d{3})/i.exec(head)?.[1];
    if (supersededBy && row.status !== `superseded by ${supersededBy}`) {
      problems.push(`${indexFile}: row ${row.number} should say «superseded by ${supersededBy}», as the record's head does`);
    }
    return problems;
  });
  return [...missing, ...wrong];
}

describe('docs that cannot drift', () => {
  it('scans the code and the docs', () => {
    expect(files.map((source) => source.file)).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'api/src/app.ts']),
    );
  });

  it('cites only sections that exist, by heading', () => {
    expect(sectionProblems()).toEqual([]);
  });

  it('cites only product §n and architecture §n that exist', () => {
    expect(numberedProblems()).toEqual([]);
  });

  it('cites only decisions that have a record', () => {
    expect(decisionProblems()).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    expect(linkProblems()).toEqual([]);
  });

  it('indexes every decision record with its status', () => {
    expect(indexProblems()).toEqual([]);
  });
});
