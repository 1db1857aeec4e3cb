// Simple glyphs drawn for this project (24 × 24, currentColor), recognisable without copying any brand's artwork.
import type { ReactElement } from 'react';

const svgProps = { viewBox: '0 0 24 24', width: 24, height: 24, 'aria-hidden': true, focusable: false } as const;

export function FacebookIcon(): ReactElement {
  return (
    <svg {...svgProps}>
      <rect x="2" y="2" width="20" height="20" rx="5" fill="currentColor" />
      <path d="M15.5 7.5h-1.8c-1.3 0-2.2.9-2.2 2.2V22M9 12.5h6" stroke="var(--color-bg)" strokeWidth="2.2" fill="none" />
    </svg>
  );
}

export function XIcon(): ReactElement {
  return (
    <svg {...svgProps}>
      <path d="M4 3.5h4.5l11.5 17h-4.5Z" fill="currentColor" />
      <path d="M19.5 3.5 13.6 10.3M4.5 20.5l6-6.9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function InstagramIcon(): ReactElement {
  return (
    <svg {...svgProps} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5.5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </svg>
  );
}

export function TikTokIcon(): ReactElement {
  return (
    <svg {...svgProps}>
      <path d="M13 3h3c.3 2.3 1.8 3.8 4 4v3c-1.6 0-3-.5-4-1.3V15a6 6 0 1 1-6-6v3.2A2.8 2.8 0 1 0 13 15Z" fill="currentColor" />
    </svg>
  );
}

export function YouTubeIcon(): ReactElement {
  return (
    <svg {...svgProps}>
      <rect x="1.5" y="5" width="21" height="14" rx="4.5" fill="currentColor" />
      <path d="M10 9v6l5.2-3Z" fill="var(--color-bg)" />
    </svg>
  );
}

export function LinkedInIcon(): ReactElement {
  return (
    <svg {...svgProps}>
      <rect x="2" y="2" width="20" height="20" rx="4" fill="currentColor" />
      <circle cx="7.5" cy="7.3" r="1.5" fill="var(--color-bg)" />
      <path
        d="M7.5 10.5v7M11.5 17.5v-7M11.5 13.5c0-2 1.2-3 2.7-3s2.5 1 2.5 3v4"
        stroke="var(--color-bg)"
        strokeWidth="2"
        fill="none"
      />
    </svg>
  );
}
