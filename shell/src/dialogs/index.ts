export { ContactDialog } from './contact-dialog';
export { CompanyDialog } from './company-dialog';
export { PrivacyDialog } from './privacy-dialog';
export { SiteDialog, type SiteDialogProps } from './site-dialog';
export { privacyNotice, type PrivacyNotice, type PrivacySection } from './privacy-notice';
