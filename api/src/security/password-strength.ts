import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as spanish from '@zxcvbn-ts/language-es-es';

/**
 * zxcvbn's scale: 0 and 1 fall to an online guesser within a throttled day or two (common passwords, keyboard runs,
 * repeats, a word with a digit); 2 and up are refused by neither our limits nor an attacker's list.
 */
const minimumPasswordScore = 2;

let estimator: ZxcvbnFactory | undefined;

/**
 * Whether a new password is too easy to guess (issue #12 row 3), by zxcvbn-ts with its common-password lists and the
 * Spanish dictionary; `related` (the person's name, email, username) counts as known to the attacker. The
 * dictionaries load on first use, not at start.
 *
 * @example
 * isWeakPassword('12345678') // true
 * isWeakPassword('río cántaro tormenta verde', ['ana@ejemplo.mx']) // false
 */
export function isWeakPassword(password: string, related: string[] = []): boolean {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...spanish.dictionary },
    graphs: common.adjacencyGraphs,
    useLevenshteinDistance: true,
  });
  const plain = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  // each value whole and in words, with and without accents: «María López» also gives maria, lopez, marialopez
  const inputs = new Set<string>();
  for (const value of related) {
    for (const form of [value.toLowerCase(), plain(value)]) {
      const words = form.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
      for (const item of [form, words.join(''), ...words]) if (item.length >= 3) inputs.add(item);
    }
  }
  return estimator.check(password, [...inputs]).score < minimumPasswordScore;
}
