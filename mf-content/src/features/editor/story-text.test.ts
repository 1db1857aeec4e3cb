import { describe, expect, it } from 'vitest';
import { proposeSlug } from '@gota/shared/contracts';
import { blankFields, mexicoCityTime, normalizeTag } from './story-text';

describe('the address proposed from a title', () => {
  it('drops accents (ñ → n), lowers the case and joins the words with hyphens', () => {
    expect(proposeSlug('Año nuevo: ¡agua en Ñuñoa!')).toBe('ano-nuevo-agua-en-nunoa');
    expect(proposeSlug('La escuela que COSECHA la lluvia')).toBe('la-escuela-que-cosecha-la-lluvia');
    expect(proposeSlug('  Güero, 3 garrafones… y más  ')).toBe('guero-3-garrafones-y-mas');
  });

  it('is empty for a title without letters or digits, and never longer than 100 characters nor ending in a hyphen', () => {
    expect(proposeSlug('¿¡…!?')).toBe('');
    const long = proposeSlug(`${'agua '.repeat(30)}final`);
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('a tag', () => {
  it('goes in capitals, keeps accents, drops signs and extra spaces', () => {
    expect(normalizeTag('  agua   limpia ')).toBe('AGUA LIMPIA');
    expect(normalizeTag('educación #1!')).toBe('EDUCACIÓN 1');
    expect(normalizeTag('niñez')).toBe('NIÑEZ');
    expect(normalizeTag('---')).toBe('');
  });
});

describe('dates of central Mexico', () => {
  it('tells the time of a save and starts a new story on today', () => {
    expect(mexicoCityTime(new Date('2026-11-28T16:42:00Z'))).toBe('10:42');
    const fields = blankFields(new Date('2026-11-29T03:00:00Z'));
    expect(fields.fechaData).toBe('2026-11-28');
    expect(fields.fecha).toBe('28 de noviembre de 2026');
    expect(fields.tags).toEqual([]);
  });
});
