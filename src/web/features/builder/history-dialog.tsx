import type { PageSettings } from '@shared/landing-pages/page-settings.ts';
import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { LANDING_PAGE_PATHS, type PageVersionSummary } from '@shared/landing-pages/api.ts';
import { SAFETY_MESSAGES } from '@shared/landing-pages/builder.ts';
import { parseContent } from '@shared/landing-pages/parse-content.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import { fetchVersion, usePageVersions } from './builder-api.ts';
import { errorText } from './status-text.ts';
import { useEditor } from './store/editor-store.ts';
import { HISTORY_MESSAGES } from './store/step-names.ts';

/**
 * The page's saved versions (time and author, newest first), each previewed as the public renderer
 * draws it, in a sandboxed frame where nothing runs, and restorable into the editor.
 */
export function HistoryDialog({
  pageId,
  open,
  onClose,
  onRestore,
}: {
  pageId: string;
  open: boolean;
  onClose: () => void;
  onRestore: (doc: PageContent, settings: PageSettings, version: PageVersionSummary) => void;
}) {
  const versions = usePageVersions(pageId, open);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(false);
  const list = versions.data ?? [];
  const chosen = list.find((version) => version.id === chosenId) ?? list[0] ?? null;

  const close = () => {
    setChosenId(null);
    setProblem(null);
    onClose();
  };

  const restore = async (version: PageVersionSummary) => {
    setRestoring(true);
    try {
      const kept = await fetchVersion(pageId, version.id);
      const parsed = parseContent(kept.content);
      if (kept.page_type !== 'builder' || !parsed.ok) return setProblem(SAFETY_MESSAGES.notBuilderVersion);
      onRestore(parsed.content, kept.settings, version);
      close();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setRestoring(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()} title={SAFETY_MESSAGES.historyTitle} className="sm:max-w-6xl">
      <div className="mt-4 flex flex-col gap-4 md:flex-row">
        <div className="flex shrink-0 flex-col gap-4 md:w-72">
          {versions.isPending ? (
            <p role="status" className="flex items-center gap-3 py-8 text-sm text-gray-600">
              <Spinner /> Loading versions...
            </p>
          ) : versions.isError ? (
            <p role="alert" className="py-8 text-sm text-red-700">
              {errorText(versions.error)}
            </p>
          ) : list.length === 0 ? (
            <p className="py-8 text-sm text-gray-600">{SAFETY_MESSAGES.noVersions}</p>
          ) : (
            <ul aria-label="Saved versions" className="flex max-h-[40vh] flex-col gap-1 overflow-y-auto">
              {list.map((version) => {
                const current = version.id === chosen?.id;
                return (
                  <li key={version.id}>
                    <button
                      type="button"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => {
                        setChosenId(version.id);
                        setProblem(null);
                      }}
                      className={cn(
                        'w-full rounded-lg border px-3 py-2 text-left text-sm',
                        current ? 'border-brand-600 bg-brand-50 text-gray-900' : 'border-gray-200 text-gray-800 hover:bg-gray-50',
                      )}
                    >
                      <span className="block font-medium">{version.created_at.toLocaleString()}</span>
                      <span className="block text-xs text-gray-600">
                        {SAFETY_MESSAGES.versionLabel(version.number)} · {version.author?.email ?? SAFETY_MESSAGES.unknownAuthor}
                        {version.page_type === 'builder' ? '' : ` · ${version.page_type}`}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <EditorSteps />
        </div>
        {chosen ? (
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-gray-700">
                {SAFETY_MESSAGES.versionLabel(chosen.number)}, saved {chosen.created_at.toLocaleString()} by {chosen.author?.email ?? SAFETY_MESSAGES.unknownAuthor}
              </p>
              <Button size="sm" onClick={() => void restore(chosen)} disabled={restoring || chosen.page_type !== 'builder'}>
                <RotateCcw className="size-4" aria-hidden /> Restore
              </Button>
            </div>
            {problem ? (
              <p role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            ) : null}
            {/* No scripts, no forms, no same-origin: a look at the version, nothing more. */}
            <iframe
              key={chosen.id}
              title={`Preview of ${SAFETY_MESSAGES.versionLabel(chosen.number).toLowerCase()}`}
              src={LANDING_PAGE_PATHS.versionPreview.path({ id: pageId, versionId: chosen.id })}
              sandbox=""
              className="h-[60vh] w-full rounded-lg border border-gray-200 bg-white"
            />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/**
 * The steps of this editor's history, newest first, by name: those undo can take back, and above
 * them those undone that redo can make again.
 */
function EditorSteps() {
  const past = useEditor((state) => state.past);
  const future = useEditor((state) => state.future);
  const headingId = useId();
  const steps = [...future.map((step) => ({ step, undone: true })), ...[...past].reverse().map((step) => ({ step, undone: false }))];
  return (
    <section aria-labelledby={headingId} className="border-t border-gray-200 pt-3">
      <h3 id={headingId} className="text-sm font-semibold text-gray-900">
        {HISTORY_MESSAGES.stepsTitle}
      </h3>
      {steps.length === 0 ? (
        <p className="mt-1 text-sm text-gray-600">{HISTORY_MESSAGES.noSteps}</p>
      ) : (
        <ol aria-labelledby={headingId} className="mt-2 max-h-[25vh] space-y-1 overflow-y-auto text-sm">
          {steps.map(({ step, undone }, index) => (
            <li key={steps.length - index} className={undone ? 'text-gray-600' : 'text-gray-900'}>
              {step.name}
              {undone ? <span className="text-xs"> · {HISTORY_MESSAGES.undone}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
