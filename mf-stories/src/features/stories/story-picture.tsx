import { pictureFor, type MediaImage, type MediaRole } from '@gota/shared/contracts';

/** How wide a story's photo is drawn, for the browser to choose a file before the layout is known. */
const storyPictureSizes = {
  /** A card: one column of 1 (under 600 px), 2 (under 960), 3 or 4 (decision of story-grid.module.css). */
  card: '(min-width: 1920px) 25vw, (min-width: 960px) 33vw, (min-width: 600px) 50vw, 100vw',
  /** A story's header: the article's 75ch column (about 720 px), the screen's width below it. */
  page: '(min-width: 800px) 720px, 100vw',
} as const;

interface StoryPictureProps {
  photo: MediaImage;
  /** Which crop: the card's 4:3 or the story header's 16:9. */
  shape: Extract<MediaRole, 'card' | 'page'>;
  className?: string | undefined;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high';
}

/**
 * An uploaded photo of a story (issue #41 item 4): `<picture>` with AVIF and WebP at every width, the JPEG `<img>` with
 * its width and height, so its place is kept before it loads (no layout shift). The alt text is the photo's, or empty
 * for a photo marked decorative.
 */
export function StoryPicture({ photo, shape, className, loading = 'lazy', fetchPriority }: StoryPictureProps) {
  const { sources, img } = pictureFor(photo, shape, storyPictureSizes[shape]);
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={source.sizes} />
      ))}
      <img
        className={className}
        src={img.src}
        width={img.width}
        height={img.height}
        alt={img.alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}

interface StoryIllustrationProps {
  /** One of the story's drawn files (800 × 600): the illustration or its background variant. */
  src: string;
  alt: string;
  className?: string | undefined;
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high';
}

/** A story's drawn illustration (a story without an uploaded photo), its place kept before it loads. */
export function StoryIllustration({ className, src, alt, ...loadingHints }: StoryIllustrationProps) {
  return <img className={className} src={src} alt={alt} width={800} height={600} {...loadingHints} decoding="async" />;
}
