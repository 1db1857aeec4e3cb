import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { shareCard } from './share-card';

describe('shareCard', () => {
  it('draws a 1200×630 PNG on the campaign’s blue, with no browser and no network', async () => {
    const png = await shareCard({ title: '¿Cómo cosecha la lluvia una escuela de Iztapalapa? Niñas y niños lo cuentan' });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const metadata = await sharp(png).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'png',
      width: 1200,
      height: 630,
    });
    // a corner is the gradient's primary colour (#0b5cad of the tokens); the title is drawn in white somewhere
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x0b, 0x5c, 0xad]);
    const whiteIn = (fromRow: number, toRow: number) => {
      let white = 0;
      for (let i = fromRow * info.width * 3; i < toRow * info.width * 3; i += 3)
        if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white += 1;
      return white;
    };
    expect(whiteIn(150, 450)).toBeGreaterThan(5000); // the title
    expect(whiteIn(500, 630)).toBeGreaterThan(300); // the site's name, inside the card's bottom margin
  });

  it('fits the longest title the panel allows', async () => {
    const png = await shareCard({ title: 'Palabra '.repeat(18).trim() });
    expect((await sharp(png).metadata()).height).toBe(630);
  });

  it('fills the card with the photo’s share crop and keeps the title on the campaign’s blue below', async () => {
    // a red photo: its top stays red, its bottom turns to the band of blue the title is written on
    const photo = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .toBuffer();
    const png = await shareCard({ title: 'Una escuela que cosecha la lluvia', photo });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 630]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [r, , b] = pixel(600, 20) as [number, number, number];
    expect(r).toBeGreaterThan(150);
    expect(b).toBeLessThan(80);
    const [r2, , b2] = pixel(1190, 625) as [number, number, number];
    expect(b2).toBeGreaterThan(r2);
  });
});
