import { useEffect, useRef, useState } from 'react';
import styles from './image-window.module.css';

export interface ImageWindowProps {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * The image window of DatosAgua (product §2): a framed picture that shows a placeholder until the image has loaded, so the
 * page never shows an empty hole or jumps (width and height keep the space).
 *
 * The image is visible from the server's HTML on, above the placeholder, and paints over it as it arrives: a page read
 * without JavaScript shows it, and the phone's largest paint does not wait for hydration. Once loaded, the script only
 * fades the placeholder out (so a transparent part of the picture never shows the shimmer) and stops its animation.
 */
export function ImageWindow({ src, alt, width, height }: ImageWindowProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  // a cached image can finish before React attaches onLoad
  useEffect(() => {
    if (ref.current?.complete && ref.current.naturalWidth > 0) setLoaded(true);
  }, []);
  return (
    <figure className={styles.window} data-loaded={loaded ? 'true' : 'false'} style={{ aspectRatio: `${width} / ${height}` }}>
      <div className={styles.placeholder} aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
          <path d="M24 6c-8 10-14 17-14 24a14 14 0 0 0 28 0c0-7-6-14-14-24z" />
        </svg>
      </div>
      <img ref={ref} className={styles.image} src={src} alt={alt} width={width} height={height} onLoad={() => setLoaded(true)} />
    </figure>
  );
}
