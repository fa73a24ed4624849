import type { ReactNode } from 'react';
import { VIEWER_MESSAGES, VIEWER_PATHS, type LeadOutcome } from '../../shared/landing-pages/viewer.ts';
import type { LpConsent } from '../render-context.ts';
import { ConsentStatement } from './consent-statement.tsx';
import { LeadStatus } from './lead-status.tsx';

const field = 'mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-gray-900 focus:outline-none';

/**
 * An html page: its own HTML runs in a sandboxed frame without same-origin access (its scripts can
 * never act with a visitor's or a staff member's session), and beside the frame `children`: the
 * page's GetStarted form. `src` is where the frame reads that HTML: the page's own address unless
 * a staff preview names its own.
 */
export function HtmlPage({ slug, title, src = VIEWER_PATHS.rawHtml.path({ slug }), children }: { slug: string; title: string; src?: string; children: ReactNode }) {
  return (
    <>
      <iframe
        title={title}
        src={src}
        sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"
        className="block h-screen w-full border-0"
      />
      {children}
    </>
  );
}

/**
 * The floating 'Get Started' button of an html page and the sign-up form it opens, open and
 * announcing the outcome after a plain form post. <details> opens it without any script; the form
 * posts as a plain form, and the form island (when loaded) sends it in the background instead.
 */
export function GetStarted({ slug, outcome, consent }: { slug: string; outcome?: LeadOutcome; consent?: LpConsent }) {
  return (
    <details className="group fixed right-4 bottom-4 z-50 sm:right-6 sm:bottom-6" open={outcome !== undefined}>
      <summary className="ml-auto w-fit cursor-pointer list-none rounded-full bg-gray-900 px-6 py-3 font-semibold text-white shadow-lg hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900 [&::-webkit-details-marker]:hidden">
        {VIEWER_MESSAGES.getStarted}
      </summary>
      <form
        data-lead-form
        method="post"
        action={VIEWER_PATHS.leads.path({ slug })}
        className="mt-3 w-[min(22rem,calc(100vw-2rem))] space-y-3 rounded-xl bg-white p-5 shadow-2xl ring-1 ring-gray-200"
      >
        <h2 className="text-lg font-semibold">{VIEWER_MESSAGES.getStarted}</h2>
        <label className="block text-sm font-medium text-gray-700">
          Full name
          <input name="full_name" autoComplete="name" maxLength={200} className={field} />
        </label>
        <label className="block text-sm font-medium text-gray-700">
          Email <span aria-hidden="true">*</span>
          <input name="email" type="email" required autoComplete="email" maxLength={320} className={field} />
        </label>
        <label className="block text-sm font-medium text-gray-700">
          Phone
          <input name="phone" type="tel" autoComplete="tel" maxLength={50} className={field} />
        </label>
        <label className="block text-sm font-medium text-gray-700">
          LinkedIn
          <input name="linkedin" type="url" placeholder="https://linkedin.com/in/…" maxLength={500} className={field} />
        </label>
        <ConsentStatement consent={consent} />
        <button type="submit" className="w-full rounded-lg bg-gray-900 px-4 py-2 font-semibold text-white hover:bg-gray-700">
          Submit
        </button>
        <LeadStatus outcome={outcome} />
      </form>
    </details>
  );
}
