import { CircleCheck, CircleMinus, ExternalLink, FlaskConical, LayoutTemplate, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LANDING_PAGE_PATHS, PAGE_PREVIEW_MESSAGES, type LandingPageSummary } from '@shared/landing-pages/api.ts';
import { builderPath } from '@shared/landing-pages/builder.ts';
import { PUBLIC_PAGE_BASE } from '@shared/landing-pages/slug.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { AbTestResultsDialog, abTestSummary, StartAbTestDialog } from './ab-test-dialogs.tsx';
import { PageFiguresPanel } from './page-figures.tsx';
import { PAGE_TYPE_LABELS } from './page-types.ts';
import { usePageActions } from './use-page-actions.ts';

/**
 * One landing page: title, address, state, type and the start of its content, with its actions
 * and what it earned lately (views, sign-ups, conversion).
 */
export function LandingPageCard({
  page,
  onEdit,
}: {
  page: LandingPageSummary;
  onEdit: (page: LandingPageSummary) => void;
}) {
  const { toggling, deleting, toggleActive, remove } = usePageActions(page);
  const [abDialog, setAbDialog] = useState(false);
  const test = page.ab_test;
  const address = `${PUBLIC_PAGE_BASE}/${page.slug}`;
  const titleId = `landing-page-${page.id}`;
  // A live page is previewed where visitors see it; one that is not, at the staff-only preview.
  const preview = page.is_active
    ? { href: address, label: 'Preview' }
    : { href: LANDING_PAGE_PATHS.preview.path({ id: page.id }), label: PAGE_PREVIEW_MESSAGES.notLiveLink };
  return (
    <Card className="flex min-w-0 flex-col p-5" role="article" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h2 id={titleId} className="min-w-0 text-base font-semibold break-words text-gray-900">
          {page.title}
        </h2>
        <div className="flex shrink-0 gap-1.5">
          {page.is_active ? (
            <Badge tone="green">
              <CircleCheck aria-hidden className="size-3.5" /> Active
            </Badge>
          ) : (
            <Badge tone="gray">
              <CircleMinus aria-hidden className="size-3.5" /> Inactive
            </Badge>
          )}
          <Badge tone="blue">{PAGE_TYPE_LABELS[page.page_type]}</Badge>
        </div>
      </div>
      <p className="mt-1 font-mono text-sm wrap-anywhere text-brand-700">{address}</p>
      <p
        className={
          page.content_preview.trim()
            ? 'mt-3 rounded-lg bg-gray-50 px-3 py-2 font-mono text-xs wrap-anywhere text-gray-700'
            : 'mt-3 rounded-lg bg-gray-50 px-3 py-2 text-xs text-gray-500'
        }
      >
        {page.content_preview.trim() ? page.content_preview : 'No content'}
      </p>
      <PageFiguresPanel figures={page.figures} />
      {test ? (
        <p className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-xs text-brand-900">
          <span className="font-semibold">A/B test running ({test.split_percent} % see B):</span> {abTestSummary(test)}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-gray-500">
        Updated <DateText value={page.updated_at.toISOString()} format="datetime" />
      </p>
      <div className="-mx-2 mt-auto flex flex-wrap gap-1 pt-3">
        <Button variant="ghost" size="sm" aria-label={`Edit ${page.title}`} onClick={() => onEdit(page)}>
          <Pencil aria-hidden /> Edit
        </Button>
        {page.page_type === 'builder' ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={builderPath(page.id)} aria-label={`Open in builder: ${page.title}`}>
              <LayoutTemplate aria-hidden /> Open in builder
            </Link>
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${page.is_active ? 'Deactivate' : 'Activate'} ${page.title}`}
          disabled={toggling}
          onClick={toggleActive}
        >
          {toggling ? <Spinner className="size-4" /> : page.is_active ? <PowerOff aria-hidden /> : <Power aria-hidden />}
          {page.is_active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button asChild variant="ghost" size="sm">
          <a href={preview.href} target="_blank" rel="noopener" aria-label={`${preview.label} ${page.title} (opens in a new tab)`}>
            <ExternalLink aria-hidden /> {preview.label}
          </a>
        </Button>
        <Button variant="ghost" size="sm" aria-label={`${test ? 'A/B test results' : 'A/B test'}: ${page.title}`} onClick={() => setAbDialog(true)}>
          <FlaskConical aria-hidden /> {test ? 'A/B results' : 'A/B test'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600 hover:bg-red-50"
          aria-label={`Delete ${page.title}`}
          disabled={deleting}
          onClick={remove}
        >
          {deleting ? <Spinner className="size-4 text-red-600" /> : <Trash2 aria-hidden />} Delete
        </Button>
      </div>
      {/* Mounted open, so each dialog knows the button it returns focus to. */}
      {abDialog ? (
        test ? (
          <AbTestResultsDialog page={page} test={test} open onOpenChange={setAbDialog} />
        ) : (
          <StartAbTestDialog page={page} open onOpenChange={setAbDialog} />
        )
      ) : null}
    </Card>
  );
}
