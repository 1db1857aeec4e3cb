import surface from './surface.module.css';

interface LogoTileProps {
  /** The 400 × 286 artwork. */
  src: string;
  /** The company's name. */
  alt: string;
  loading: 'eager' | 'lazy';
}

/**
 * A member company's logo on its raised tile (`logoTile`): the allies carousel and the manifesto's members. Its width
 * and height keep the tile's place before the file arrives.
 */
export function LogoTile({ src, alt, loading }: LogoTileProps) {
  return <img className={surface.logoTile} src={src} alt={alt} width={400} height={286} loading={loading} decoding="async" />;
}
