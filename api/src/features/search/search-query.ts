import type { MarkedText } from '@gota/shared/contracts';
import { markEnd, markStart } from './search-documents';

/** Most words of a query that are searched (the rest are ignored): a query is a few words, not a paragraph. */
const maxWords = 8;

/** A query as typed: its words, and whether the last one may still be growing (the visitor has not typed past it). */
export interface TypedQuery {
  words: string[];
  lastIsPrefix: boolean;
}

/**
 * The words of a query: letters and digits only, so nothing the visitor types is ever read as query syntax (`&`, `|`,
 * `!`, `:`, quotes and parentheses are separators, issue #34 item 5). The last word counts as a prefix unless the
 * query ends with a space or a sign.
 */
export function typedQuery(query: string): TypedQuery {
  const text = query.normalize('NFC');
  const all = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return { words: all.slice(0, maxWords), lastIsPrefix: all.length > 0 && all.length <= maxWords && /[\p{L}\p{N}]$/u.test(text) };
}

/** What the database made of one typed word (search-index.ts asks it). */
export interface AnalysedWord {
  /** Its Spanish stems without accents: none for a stop word («de», «la»). */
  stems: string[];
  /** The word without accents or capitals. */
  plain: string;
  /** Matched as the start of a longer word too (the word being typed, three letters or more). */
  prefix: boolean;
  /** Words of the content it may be a typo of, with their stems: only for an unknown word of five letters or more. */
  fixes: { term: string; stems: string[] }[];
}

/** A lexeme as a tsquery operand: quoted, so it is always one operand whatever it holds. */
function operand(lexeme: string, suffix = ''): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${suffix}`;
}

/**
 * The tsquery of the analysed words, as text: every word must match (AND), each through any of its forms (OR): its
 * stems, itself as a prefix, the words it may be a typo of. `weights` restricts every form to those weights ('A': the
 * title only). Null when no word is left (only stop words).
 */
export function tsqueryText(words: AnalysedWord[], weights = ''): string | null {
  const groups = words
    .map((word) => {
      const forms = new Set<string>();
      for (const stem of word.stems) forms.add(operand(stem, weights ? `:${weights}` : ''));
      if (word.prefix && word.plain.length >= 3) forms.add(operand(word.plain, `:*${weights}`));
      for (const fix of word.fixes) {
        forms.add(operand(fix.term, weights ? `:${weights}` : ''));
        for (const stem of fix.stems) forms.add(operand(stem, weights ? `:${weights}` : ''));
      }
      return [...forms];
    })
    .filter((forms) => forms.length > 0)
    .map((forms) => (forms.length === 1 ? forms[0]! : `(${forms.join(' | ')})`));
  return groups.length > 0 ? groups.join(' & ') : null;
}

/** Letters and digits only: nothing typed is ever read as regular-expression syntax. */
const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
/** Before and after a word: not next to a letter, a digit or `_` (PostgreSQL's `\m` and `\M`). */
const wordStart = '(?<![\\p{L}\\p{N}_])';
const wordEnd = '(?![\\p{L}\\p{N}_])';

/** How much of the text before the first match a passage keeps, and a passage's length, in characters. */
export const passageSize = { before: 160, length: 520 } as const;

/**
 * The body's folded letters (`fold`), one for one, so that a position in them is a position in the body: a body whose
 * accents were written as separate marks is folded a character at a time.
 */
function foldedInPlace(text: string): string {
  const folded = fold(text);
  return folded.length === text.length ? folded : text.replace(/[\s\S]/g, (character) => fold(character).charAt(0) || character);
}

/**
 * Finds, in a body, the passage that a snippet is cut from (`passageSize`), around the first match: the first whole word
 * that matched — each typed word (the one being typed as the start of a word) or a correction — else the first word
 * that begins with one of their Spanish stems (a stem also begins words that did not match: «comun» begins
 * «comunitaria»). Whole words only: a passage cut inside the body drops the word it would start or end in the middle of.
 * `found` is false when no word matches (the passage is then the beginning): a story found by its topics alone. The
 * expressions are made once per query, for all its results.
 */
export function passageFinder(words: AnalysedWord[]): (body: string) => { text: string; found: boolean } {
  const whole = new Set<string>();
  const starts = new Set<string>();
  for (const word of words) {
    if (word.prefix && word.plain.length >= 3) starts.add(word.plain);
    else if (word.plain) whole.add(word.plain);
    for (const fix of word.fixes) whole.add(fix.term);
  }
  const stems = new Set(words.flatMap((word) => [...word.stems, ...word.fixes.flatMap((fix) => fix.stems)]));
  const group = (items: Set<string>) => {
    const joined = [...items].map(letters).filter(Boolean).join('|');
    return joined ? `(?:${joined})` : null;
  };
  const [wholeWords, wordStarts, stemStarts] = [group(whole), group(starts), group(stems)];
  const patterns = [
    [wholeWords && `${wordStart}${wholeWords}${wordEnd}`, wordStarts && `${wordStart}${wordStarts}`].filter(Boolean).join('|'),
    stemStarts ? `${wordStart}${stemStarts}` : '',
  ]
    .filter(Boolean)
    .map((pattern) => new RegExp(pattern, 'u'));
  return (body) => {
    const folded = foldedInPlace(body);
    let at = -1;
    for (const pattern of patterns) {
      at = folded.search(pattern);
      if (at >= 0) break;
    }
    let text = body;
    if (at >= passageSize.before) text = body.slice(at - passageSize.before).replace(/^\S*\s+/, '');
    if (text.length > passageSize.length) text = text.slice(0, passageSize.length).replace(/\s+\S*$/, '');
    return { text, found: at >= 0 };
  };
}

/** Without accents or capitals, as the database's `unaccent` folds the letters of Spanish. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The database's headline (matched words between `markStart` and `markEnd`) as marked text, with the words the
 * headline's Spanish stems could not see marked too: a typed prefix longer than the stem («comunida» → «comunidades»)
 * and a corrected typo.
 */
export function markedText(headline: string, words: AnalysedWord[]): MarkedText {
  const prefixes = words.filter((word) => word.prefix && word.plain.length >= 3).map((word) => word.plain);
  const exact = new Set(words.flatMap((word) => [word.plain, ...word.fixes.map((fix) => fix.term)]));
  const matches = (token: string) => {
    const folded = fold(token);
    return exact.has(folded) || prefixes.some((prefix) => folded.startsWith(prefix));
  };
  const parts: MarkedText = [''];
  const push = (text: string, marked: boolean) => {
    if (text === '') return;
    const odd = parts.length % 2 === 0;
    if (odd === marked) parts[parts.length - 1] += text;
    else parts.push(text);
  };
  const pattern = new RegExp(`${markStart}([^${markEnd}]*)${markEnd}`, 'g');
  let last = 0;
  const plainPart = (text: string) => {
    // words the headline did not mark, one at a time; what lies between them stays as it is
    let at = 0;
    for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      if (!matches(match[0])) continue;
      push(text.slice(at, match.index), false);
      push(match[0], true);
      at = match.index + match[0].length;
    }
    push(text.slice(at), false);
  };
  for (const match of headline.matchAll(pattern)) {
    plainPart(headline.slice(last, match.index));
    push(match[1] ?? '', true);
    last = match.index + match[0].length;
  }
  plainPart(headline.slice(last));
  // a snippet runs over paragraphs: one line, as the results show it
  const flat = parts.map((part) => part.replace(/\s+/g, ' '));
  flat[0] = flat[0]!.trimStart();
  flat[flat.length - 1] = flat[flat.length - 1]!.trimEnd();
  return flat.length === 1 && flat[0] === '' ? [] : flat;
}
