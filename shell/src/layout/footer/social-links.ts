import { appName } from '@gota/shared/contracts';
import type { SocialNetwork } from './social-icons';

export interface SocialLink {
  network: SocialNetwork;
  href: string;
  /** The link's accessible name: 'Facebook de Gota a Gota'. */
  label: string;
}

const social = (network: SocialNetwork, href: string): SocialLink => ({ network, href, label: `${network} de ${appName}` });

/** The campaign's own profiles (product §2), in the order the footer shows them. */
export const socialLinks: readonly SocialLink[] = [
  social('Facebook', 'https://www.facebook.com/gotaagotamx'),
  social('X', 'https://x.com/gotaagotamx'),
  social('Instagram', 'https://www.instagram.com/gotaagotamx'),
  social('TikTok', 'https://www.tiktok.com/@gotaagotamx'),
  social('YouTube', 'https://www.youtube.com/@gotaagotamx'),
  social('LinkedIn', 'https://www.linkedin.com/company/gotaagotamx'),
];
