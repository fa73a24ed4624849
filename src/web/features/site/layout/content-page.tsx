import type { ReactNode } from 'react';
import { FullFooter } from './footers.tsx';
import { SiteHeader } from './site-header.tsx';

/** A text page of the main site (legal pages, appointments, confirmations): header, column, footer. */
export function ContentPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <SiteHeader />
      </div>
      <main id="main" className={`mx-auto px-4 pt-6 pb-20 sm:px-6 sm:pt-10 lg:px-8 ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}>
        {children}
      </main>
      <FullFooter />
    </>
  );
}

export function LegalSections({ sections }: { sections: Array<{ title: string; paragraphs: string[] }> }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-xl font-semibold text-gray-900">{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-gray-700">
              {p}
            </p>
          ))}
        </section>
      ))}
    </>
  );
}
