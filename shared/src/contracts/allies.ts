/** Label of an ally's link button when the editor sets none (product §3). */
export const defaultAllyButton = 'Conoce más';

/** The usage-manual archive of the Descargas page (product §2): built by api/scripts/make-kit.mjs, served by the API. */
export const campaignKit = {
  fileName: 'manual-de-uso-un-latido-en-cada-gota.zip',
  path: '/files/manual-de-uso-un-latido-en-cada-gota.zip',
} as const;
