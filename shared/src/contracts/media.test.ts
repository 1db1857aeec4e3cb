import { describe, expect, it } from 'vitest';
import { mediaIdOf, pictureFor, type MediaImage, type MediaVariant } from './media';

const id = '6f1c1f9e-2f57-4c55-9d49-0c7a3f0b9a10';
const variant = (role: MediaVariant['role'], format: MediaVariant['format'], width: number, height: number): MediaVariant => ({
  role,
  format,
  width,
  height,
  bytes: 1000,
  url: `/media/${id}/${role}-${width}.0123456789ab.${format}`,
});

const image: MediaImage = {
  id,
  width: 4000,
  height: 3000,
  alt: 'Un tanque de agua de lluvia en el patio de la escuela',
  decorative: false,
  focal: { x: 0.4, y: 0.3 },
  variants: [
    // in no particular order, as a client may hold them
    variant('card', 'webp', 768, 576),
    variant('card', 'avif', 480, 360),
    variant('card', 'jpeg', 768, 576),
    variant('card', 'avif', 768, 576),
    variant('card', 'webp', 480, 360),
    variant('page', 'avif', 1600, 900),
    variant('page', 'jpeg', 1200, 675),
    variant('share', 'jpeg', 1200, 630),
  ],
};

describe('pictureFor', () => {
  it('gives an AVIF then a WebP source with every width, and the JPEG fallback with its size and alt text', () => {
    const sizes = '(min-width: 1200px) 360px, 100vw';
    expect(pictureFor(image, 'card', sizes)).toEqual({
      sources: [
        {
          type: 'image/avif',
          srcset: `/media/${id}/card-480.0123456789ab.avif 480w, /media/${id}/card-768.0123456789ab.avif 768w`,
          sizes,
        },
        {
          type: 'image/webp',
          srcset: `/media/${id}/card-480.0123456789ab.webp 480w, /media/${id}/card-768.0123456789ab.webp 768w`,
          sizes,
        },
      ],
      img: {
        src: `/media/${id}/card-768.0123456789ab.jpeg`,
        width: 768,
        height: 576,
        alt: 'Un tanque de agua de lluvia en el patio de la escuela',
      },
    });
  });

  it('leaves out a format the shape was not made in, and draws a decorative photo with an empty alt', () => {
    const picture = pictureFor({ ...image, decorative: true, alt: null }, 'page', '100vw');
    expect(picture.sources.map((source) => source.type)).toEqual(['image/avif']);
    expect(picture.img).toEqual({ src: `/media/${id}/page-1200.0123456789ab.jpeg`, width: 1200, height: 675, alt: '' });
    expect(pictureFor(image, 'share', '1200px')).toEqual({
      sources: [],
      img: { src: `/media/${id}/share-1200.0123456789ab.jpeg`, width: 1200, height: 630, alt: image.alt },
    });
  });

  it('says so when the photo has no file of that shape', () => {
    expect(() => pictureFor(image, 'full', '100vw')).toThrow('no tiene la forma «full»');
  });
});

describe('mediaIdOf', () => {
  it('reads the photo of an uploaded image address, and nothing of the site’s own images', () => {
    expect(mediaIdOf(`/media/${id}/card-480.0123456789ab.avif`)).toBe(id);
    expect(mediaIdOf('/img/historias/escuela.svg')).toBeNull();
    expect(mediaIdOf(`https://otro.example/media/${id}/x.jpeg`)).toBeNull();
  });
});
