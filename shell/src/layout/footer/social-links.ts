import { appName } from '@gota/shared/contracts';
import type { ReactElement } from 'react';
import { FacebookIcon, InstagramIcon, LinkedInIcon, TikTokIcon, XIcon, YouTubeIcon } from './social-icons';

export interface SocialLink {
  network: string;
  href: string;
  /** The link's accessible name: 'Facebook de Gota a Gota'. */
  label: string;
  Icon: () => ReactElement;
}

const social = (network: string, href: string, Icon: () => ReactElement): SocialLink => ({
  network,
  href,
  label: `${network} de ${appName}`,
  Icon,
});

/** The campaign's own profiles (product §2), in the order the footer shows them. */
export const socialLinks: readonly SocialLink[] = [
  social('Facebook', 'https://www.facebook.com/gotaagotamx', FacebookIcon),
  social('X', 'https://x.com/gotaagotamx', XIcon),
  social('Instagram', 'https://www.instagram.com/gotaagotamx', InstagramIcon),
  social('TikTok', 'https://www.tiktok.com/@gotaagotamx', TikTokIcon),
  social('YouTube', 'https://www.youtube.com/@gotaagotamx', YouTubeIcon),
  social('LinkedIn', 'https://www.linkedin.com/company/gotaagotamx', LinkedInIcon),
];
