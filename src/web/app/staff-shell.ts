/**
 * The frame of every staff screen, in one chunk: its data layer (Providers), the sign-in check and
 * the CRM's sidebar layout. The browser fetches it with the screen's code over one of its six
 * connections, not three (src/server/spa/module-preloads.ts).
 */
export { Providers } from './providers.tsx';
export { loadScreenData, loadSession, RequireSession } from './require-session.tsx';
export { default as CrmLayout } from '@web/features/crm-shell/crm-layout.tsx';
