import { describe, expect, it } from 'vitest';
import { markedText, tsqueryText, typedQuery, type AnalysedWord } from './search-query';

const word = (plain: string, overrides: Partial<AnalysedWord> = {}): AnalysedWord => ({ stems: [plain], plain, prefix: false, fixes: [], ...overrides });

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
