/**
 * Every public page in one module, so the browser fetches the public site's code as one file
 * (instead of a dozen small ones per page) and starts it sooner; the sign-up modals stay separate.
 */
export { default as SiteLayout } from './layout/site-layout.tsx';
export { default as HomePage } from './home/home-page.tsx';
export { default as ImpressumPage } from './legal/impressum-page.tsx';
export { default as CookiePolicyPage } from './legal/cookie-policy-page.tsx';
export { default as AppointmentsPage } from './pages/appointments-page.tsx';
export { default as SubscribedPage } from './pages/subscribed-page.tsx';
export { default as WebinarPage } from './webinar/webinar-page.tsx';
export { default as ThanksPage } from './webinar/thanks-page.tsx';
export { default as ReplayPage } from './webinar/replay-page.tsx';
export { default as MasteryPage } from './mastery/mastery-page.tsx';
