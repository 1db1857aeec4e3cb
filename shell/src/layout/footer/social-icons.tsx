// Simple glyphs drawn for this project (24 × 24, currentColor), recognisable without copying any brand's artwork.
import type { ReactNode, SVGProps } from 'react';

const svgProps = { viewBox: '0 0 24 24', width: 24, height: 24, 'aria-hidden': true, focusable: false } as const;

/** A network's glyph: what is drawn in the frame, and what the frame sets for all of it (an outline glyph's stroke). */
interface SocialGlyph {
  frame?: SVGProps<SVGSVGElement>;
  art: ReactNode;
}

/** The campaign's networks and their glyphs, drawn in the one 24 × 24 frame of `SocialIcon`. */
const socialGlyphs = {
  Facebook: {
    art: (
      <>
        <rect x="2" y="2" width="20" height="20" rx="5" fill="currentColor" />
        <path d="M15.5 7.5h-1.8c-1.3 0-2.2.9-2.2 2.2V22M9 12.5h6" stroke="var(--color-bg)" strokeWidth="2.2" fill="none" />
      </>
    ),
  },
  X: {
    art: (
      <>
        <path d="M4 3.5h4.5l11.5 17h-4.5Z" fill="currentColor" />
        <path d="M19.5 3.5 13.6 10.3M4.5 20.5l6-6.9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </>
    ),
  },
  Instagram: {
    frame: { fill: 'none', stroke: 'currentColor', strokeWidth: '2' },
    art: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5.5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
      </>
    ),
  },
  TikTok: {
    art: (
      <path d="M13 3h3c.3 2.3 1.8 3.8 4 4v3c-1.6 0-3-.5-4-1.3V15a6 6 0 1 1-6-6v3.2A2.8 2.8 0 1 0 13 15Z" fill="currentColor" />
    ),
  },
  YouTube: {
    art: (
      <>
        <rect x="1.5" y="5" width="21" height="14" rx="4.5" fill="currentColor" />
        <path d="M10 9v6l5.2-3Z" fill="var(--color-bg)" />
      </>
    ),
  },
  LinkedIn: {
    art: (
      <>
        <rect x="2" y="2" width="20" height="20" rx="4" fill="currentColor" />
        <circle cx="7.5" cy="7.3" r="1.5" fill="var(--color-bg)" />
        <path
          d="M7.5 10.5v7M11.5 17.5v-7M11.5 13.5c0-2 1.2-3 2.7-3s2.5 1 2.5 3v4"
          stroke="var(--color-bg)"
          strokeWidth="2"
          fill="none"
        />
      </>
    ),
  },
} satisfies Record<string, SocialGlyph>;

export type SocialNetwork = keyof typeof socialGlyphs;

/** A network's glyph in its frame, hidden from assistive technology: the link around it names the network. */
export function SocialIcon({ network }: { network: SocialNetwork }) {
  const glyph: SocialGlyph = socialGlyphs[network];
  return (
    <svg {...svgProps} {...glyph.frame}>
      {glyph.art}
    </svg>
  );
}
