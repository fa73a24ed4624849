/** Where a visitor's cookie choice is kept in the browser: a key of this product's own, 'accepted' or 'declined'. */
export const CONSENT_STORAGE_KEY = 'mycrm.cookie-consent';
export const CONSENT_ACCEPTED = 'accepted';
export const CONSENT_DECLINED = 'declined';

/**
 * While no choice is stored, <html> carries data-consent="pending": the stylesheet then shows the
 * cookie banner and keeps its height free below the page (body padding), so nothing ends under it.
 */
export const CONSENT_PENDING_ATTRIBUTE = 'data-consent';
export const CONSENT_PENDING = 'pending';

/**
 * The one inline script of every page, first in <head>: it marks the choice as pending before the
 * first paint, so the banner and its space are there from the first frame (no layout shift, no flash).
 * The server allows exactly this script by its hash in the content security policy.
 */
export const CONSENT_BOOT_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)});if(c!==${JSON.stringify(CONSENT_ACCEPTED)}&&c!==${JSON.stringify(CONSENT_DECLINED)})throw 0}catch(e){document.documentElement.setAttribute(${JSON.stringify(CONSENT_PENDING_ATTRIBUTE)},${JSON.stringify(CONSENT_PENDING)})}`;
