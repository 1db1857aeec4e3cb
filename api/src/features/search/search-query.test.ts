import { describe, expect, it } from 'vitest';
import { markedText, passageFinder, passageSize, tsqueryText, typedQuery, type AnalysedWord } from './search-query';

const word = (plain: string, overrides: Partial<AnalysedWord> = {}): AnalysedWord => ({
  stems: [plain],
  plain,
  prefix: false,
  fixes: [],
  ...overrides,
});

describe('typedQuery', () => {
  it('keeps letters and digits only, and treats the last word as a prefix until a space or a sign follows it', () => {
    expect(typedQuery("agua & (perro | !gato:*) 'x'")).toEqual({ words: ['agua', 'perro', 'gato', 'x'], lastIsPrefix: false });
    expect(typedQuery('Acuí')).toEqual({ words: ['Acuí'], lastIsPrefix: true });
    expect(typedQuery('acuífero ')).toEqual({ words: ['acuífero'], lastIsPrefix: false });
    expect(typedQuery('¿¡…?!')).toEqual({ words: [], lastIsPrefix: false });
  });

  it('searches the first eight words, and none of them as a prefix when more were typed', () => {
    const many = typedQuery('uno dos tres cuatro cinco seis siete ocho nueve');
    expect(many.words).toHaveLength(8);
    expect(many.lastIsPrefix).toBe(false);
  });
});

describe('tsqueryText', () => {
  it('joins the words with AND and the forms of each with OR, each form quoted', () => {
    const text = tsqueryText([
      word('perros', { stems: ['perr'] }),
      word('comunidaes', { stems: ['comunidae'], fixes: [{ term: 'comunidades', stems: ['comun'] }] }),
      word('acui', { stems: ['acui'], prefix: true }),
    ]);
    expect(text).toBe("'perr' & ('comunidae' | 'comunidades' | 'comun') & ('acui' | 'acui':*)");
    expect(tsqueryText([word('acui', { stems: ['acui'], prefix: true })], 'A')).toBe("('acui':A | 'acui':*A)");
  });

  it('quotes what could be syntax, and leaves out stop words', () => {
    expect(tsqueryText([word("o'x\\y")])).toBe("'o''x\\\\y'");
    expect(tsqueryText([word('de', { stems: [] })])).toBeNull();
  });
});

describe('markedText', () => {
  it('splits the headline at its marks, and marks the prefixes and corrections the stems did not see', () => {
    const words = [word('comunida', { stems: ['comun'], prefix: true }), word('rio', { stems: ['rio'] })];
    expect(markedText('Doce ⟦comunidades⟧ junto al ⟦río⟧', words)).toEqual(['Doce ', 'comunidades', ' junto al ', 'río']);
    expect(markedText('Las comunidades del\nvalle', words)).toEqual(['Las ', 'comunidades', ' del valle']);
    expect(markedText('', words)).toEqual([]);
  });

  it('never marks inside a word that only contains the query', () => {
    expect(markedText('Una ciudad', [word('dad', { prefix: true })])).toEqual(['Una ciudad']);
  });
});

describe('passageFinder', () => {
  const passageOf = (body: string, words: AnalysedWord[]) => passageFinder(words)(body);
  const filler = (words: number) => Array.from({ length: words }, (_, n) => `palabra${n}`).join(' ');

  it('cuts whole words around the first whole word that matched, with some text before it', () => {
    const body = `${filler(40)} El acuífero del valle. ${filler(80)}`;
    const { text, found } = passageOf(body, [word('acuifero', { stems: ['acuifer'] })]);
    expect(found).toBe(true);
    expect(text.length).toBeLessThanOrEqual(passageSize.length);
    expect(text).toMatch(/^palabra\d+ /);
    expect(text).toMatch(/ palabra\d+$/);
    const before = text.indexOf('El acuífero');
    expect(before).toBeGreaterThan(passageSize.before - 12);
    expect(before).toBeLessThanOrEqual(passageSize.before);
  });

  it('prefers a whole word to a word that only begins with its stem, and finds a correction', () => {
    const body = `La comunitaria ${filler(40)} y las comunidades ${filler(40)}`;
    const typed = word('comunidades', { stems: ['comun'] });
    expect(passageOf(body, [typed]).text).toMatch(/comunidades/);
    expect(passageOf(body, [typed]).text).not.toMatch(/comunitaria/);
    const typo = word('comunidaes', { stems: ['comunidae'], fixes: [{ term: 'comunidades', stems: ['comun'] }] });
    expect(passageOf(body, [typo]).text).toMatch(/comunidades/);
    // no whole word anywhere: the first word that begins with a stem
    expect(passageOf(`${filler(40)} comunitaria`, [word('comunal', { stems: ['comun'] })]).text).toMatch(/comunitaria$/);
  });

  it('finds the word being typed as the start of a word, whatever its accents and capitals', () => {
    const body = `${filler(40)} ACUÍFEROS del norte`;
    expect(passageOf(body, [word('acui', { stems: ['acui'], prefix: true })]).text).toMatch(/ACUÍFEROS del norte$/);
    // accents written as separate marks: positions in the folded text are still positions in the body
    const decomposed = `${filler(30)} Agua de lluvia y acui\u0301fero`.normalize('NFD');
    expect(passageOf(decomposed, [word('acuifero', { stems: ['acuifer'] })]).text.endsWith('acui\u0301fero')).toBe(true);
  });

  it('starts at the beginning when nothing matches, and says so', () => {
    expect(passageOf('Un texto corto.', [word('nutria')])).toEqual({ text: 'Un texto corto.', found: false });
    expect(passageOf('Un texto corto.', [word('de', { stems: [] })])).toEqual({ text: 'Un texto corto.', found: false });
  });
});
