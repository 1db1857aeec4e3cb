export { ContactDialog } from './contact-dialog';
export { CompanyDialog } from './company-dialog';
export { PrivacyDialog } from './privacy-dialog';
