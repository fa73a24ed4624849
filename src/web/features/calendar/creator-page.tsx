import { CalendarPlus, Save } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SavedEventResult } from '@shared/calendar/api.ts';
import { applyStartDate, defaultEventForm, formFromEvent, prepareEvent, type CalendarEventForm } from '@shared/calendar/event.ts';
import { buildGoogleCalendarLink } from '@shared/calendar/google-link.ts';
import { buildIcs, icsPreview } from '@shared/calendar/ics.ts';
import { CALENDAR_MESSAGES as M } from '@shared/calendar/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { copyText } from './clipboard.ts';
import { EDIT_SEARCH_PARAM, forgetEventForEditing, readEventForEditing } from './edit-handoff.ts';
import { EventDetailsCard } from './event-details-card.tsx';
import { useSaveEvent } from './events-api.ts';
import { GeneratedLinkCard } from './generated-link-card.tsx';
import { IcsCard } from './ics-card.tsx';
import { downloadStoredIcs, saveIcs } from './ics-download.ts';
import { RecurrenceCard } from './recurrence-card.tsx';
import { SavedEventCard } from './saved-event-card.tsx';
import { SourceCard } from './source-card.tsx';
import { UsageCard } from './usage-card.tsx';

const CREATOR_PATH = '/crm/calendar-link-creator';

/** The link creator; ?edit=true opens the event the manager handed over. */
export default function CreatorPage() {
  const [params] = useSearchParams();
  const editRequested = params.get(EDIT_SEARCH_PARAM) === 'true';
  // Switching between creating and editing starts over with a fresh form.
  return <CreatorScreen key={editRequested ? 'edit' : 'create'} editRequested={editRequested} />;
}

interface Generated {
  link: string;
  ics: string;
  title: string;
  /** The form as it was when generated, to tell when the results no longer match it. */
  source: CalendarEventForm;
}

function CreatorScreen({ editRequested }: { editRequested: boolean }) {
  const navigate = useNavigate();
  const [handoff] = useState(() => (editRequested ? readEventForEditing() : null));
  const [form, setForm] = useState<CalendarEventForm>(() => (handoff ? formFromEvent(handoff.event) : defaultEventForm()));
  const [showMissing, setShowMissing] = useState(false);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [saved, setSaved] = useState<(SavedEventResult & { title: string }) | null>(null);
  const saveEvent = useSaveEvent();
  const editEventId = handoff?.eventId ?? null;

  // The handed-over event is read once, then removed; without one there is nothing to edit.
  const handoffDone = useRef(false);
  useEffect(() => {
    if (!editRequested || handoffDone.current) return;
    handoffDone.current = true;
    forgetEventForEditing();
    if (!handoff) {
      notifyError(M.loadForEditFailed);
      navigate(CREATOR_PATH, { replace: true });
    }
  }, [editRequested, handoff, navigate]);

  const update = (patch: Partial<CalendarEventForm>) => setForm((current) => ({ ...current, ...patch }));
  const stale = generated !== null && JSON.stringify(generated.source) !== JSON.stringify(form);

  const generate = (e: FormEvent) => {
    e.preventDefault();
    const prepared = prepareEvent(form, 'generate');
    if (!prepared.ok) {
      setShowMissing(true);
      notifyError(prepared.message);
      return;
    }
    let ics: string;
    try {
      ics = buildIcs(prepared.event);
    } catch {
      notifyError(M.generateIcsFailed);
      return;
    }
    setGenerated({ link: buildGoogleCalendarLink(prepared.event), ics, title: prepared.event.title, source: form });
    notifySuccess(M.generated);
  };

  const save = () => {
    const prepared = prepareEvent(form, 'save');
    if (!prepared.ok) {
      setShowMissing(true);
      notifyError(prepared.message);
      return;
    }
    saveEvent.mutate(
      { eventId: editEventId, event: prepared.event },
      {
        onSuccess: (result) => {
          setSaved({ ...result, title: prepared.event.title });
          notifySuccess(editEventId ? M.updated : M.saved);
        },
        onError: () => notifyError(M.saveFailed),
      },
    );
  };

  const copy = (text: string | undefined, missing: string, copied: string, failed: string) => {
    if (!text) return notifyError(missing);
    copyText(text).then(
      () => notifySuccess(copied),
      () => notifyError(failed),
    );
  };

  const downloadGenerated = () => {
    if (!generated) return notifyError(M.noIcsToDownload);
    saveIcs(generated.ics, generated.title);
    notifySuccess(M.icsDownloaded);
  };

  const downloadSaved = () => {
    if (!saved) return;
    downloadStoredIcs(saved.eventId, saved.title).then(
      () => notifySuccess(M.icsDownloaded),
      () => notifyError(M.downloadIcsFailed),
    );
  };

  return (
    <>
      <PageHeader
        title={editEventId ? 'Edit Calendar Event' : 'Calendar Link Creator'}
        description={
          editEventId
            ? 'Change the saved event. Its download URL stays the same, so links already sent keep working.'
            : 'Create a Google Calendar link and a universal .ics file for your newsletter.'
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <form onSubmit={generate} noValidate className="min-w-0 space-y-6" aria-label="Calendar event">
          <EventDetailsCard
            form={form}
            update={update}
            onStartDate={(date) => setForm((current) => applyStartDate(current, date))}
            showMissing={showMissing}
          />
          <RecurrenceCard form={form} update={update} />
          <SourceCard form={form} update={update} />
          <div className="flex flex-col gap-3 2xl:flex-row">
            <Button type="submit" size="lg" className="2xl:flex-1">
              <CalendarPlus aria-hidden /> Generate Calendar Link
            </Button>
            <Button type="button" size="lg" variant="secondary" className="2xl:flex-1" disabled={saveEvent.isPending} onClick={save}>
              {saveEvent.isPending ? <Spinner className="size-4" /> : <Save aria-hidden />}
              {saveEvent.isPending ? 'Saving...' : editEventId ? 'Update Event' : 'Save Event for Newsletter'}
            </Button>
          </div>
        </form>
        <div className="min-w-0 space-y-6">
          <GeneratedLinkCard
            link={generated?.link ?? null}
            stale={stale}
            onCopy={() => copy(generated?.link, M.noLinkToCopy, M.linkCopied, M.copyLinkFailed)}
          />
          {saved ? (
            <SavedEventCard
              saved={saved}
              onCopyUrl={() => copy(saved.downloadUrl, M.noLinkToCopy, M.linkCopied, M.copyLinkFailed)}
              onDownload={downloadSaved}
            />
          ) : null}
          <IcsCard
            preview={generated ? icsPreview(generated.ics) : null}
            stale={stale}
            onDownload={downloadGenerated}
            onCopy={() => copy(generated?.ics, M.noIcsToCopy, M.icsCopied, M.copyIcsFailed)}
          />
          <UsageCard />
        </div>
      </div>
    </>
  );
}
