import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { builderPath, NEW_PAGE_ID } from '@shared/landing-pages/builder.ts';
import { PAGE_TEMPLATES, TEMPLATE_PARAM, templateImagePath } from '@shared/landing-pages/templates/index.ts';
import { Dialog } from '@web/components/ui/dialog.tsx';

/** The builder on an unsaved copy of a template; nothing is stored until the owner saves. */
const templateBuilderPath = (id: string) => `${builderPath(NEW_PAGE_ID)}?${new URLSearchParams({ [TEMPLATE_PARAM]: id })}`;

const CARD =
  'group flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white text-left shadow-xs transition hover:border-primary-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

/** A template's picture; while it loads the card keeps its size, and a missing one leaves a plain panel with the name. */
function TemplatePicture({ id, name }: { id: string; name: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="aspect-[4/3] w-full overflow-hidden border-b border-gray-200 bg-gray-100">
      {failed ? (
        <p className="flex h-full items-center justify-center p-4 text-center text-sm text-gray-600">No preview of {name}</p>
      ) : (
        <img
          src={templateImagePath(id)}
          alt={`Preview of the ${name} template`}
          width={480}
          height={360}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover object-top"
        />
      )}
    </div>
  );
}

/**
 * 'Use Builder': a blank page or one of the templates, each a link to the builder on an unsaved copy.
 * Tab (or the arrow keys) moves through the cards, Enter opens one, Escape closes and focus returns
 * to the button that opened it.
 */
export function TemplateGallery({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const moveFocus = (event: React.KeyboardEvent<HTMLUListElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    event.preventDefault();
    links[(at + step + links.length) % links.length]!.focus();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Start a new page" description="Choose a blank page or a template. Nothing is saved until you save in the builder." className="sm:max-w-5xl">
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Templates" onKeyDown={moveFocus}>
        <li>
          <Link to={builderPath(NEW_PAGE_ID)} className={CARD}>
            <div className="flex aspect-[4/3] w-full items-center justify-center border-b border-gray-200 bg-gray-50 text-gray-500">
              <FilePlus2 aria-hidden className="size-12" />
            </div>
            <div className="p-4">
              <p className="font-semibold text-gray-900">Blank page</p>
              <p className="mt-1 text-sm text-gray-600">A simple hero and an empty section to build on.</p>
            </div>
          </Link>
        </li>
        {PAGE_TEMPLATES.map((template) => (
          <li key={template.id}>
            <Link to={templateBuilderPath(template.id)} className={CARD}>
              <TemplatePicture id={template.id} name={template.name} />
              <div className="p-4">
                <p className="font-semibold text-gray-900">{template.name}</p>
                <p className="mt-1 text-sm text-gray-600">{template.description}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
