/*
 * The privacy feature as other features reach it (a server feature uses another only through its
 * service.ts): consent at sign-up, double opt-in for the Kit sync, and confirmations from Kit.
 */

export {
  confirmConsentRecords,
  consentPageAddress,
  consentRecordInsert,
  landingPageConsent,
  pendingDoubleOptInForm,
  resolveSignupConsent,
  signupConsentConfig,
  type ConfirmedConsent,
  type SignupConsent,
} from './signup-consent.ts';
export { erasedEmailFinder, type ErasedEmailFinder } from './email-hash.ts';
