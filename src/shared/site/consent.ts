/** Where a visitor's cookie choice is kept in the browser (spec 002: a product-specific key, 'accepted' or 'declined'). */
export const CONSENT_STORAGE_KEY = 'mycrm.cookie-consent';
export const CONSENT_ACCEPTED = 'accepted';
