import { ArrowLeft, CircleCheck, Eraser, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LandingPage } from '@shared/landing-pages/api.ts';
import { convertUrlBodySchema } from '@shared/landing-pages/converter/api.ts';
import { CONVERTED_FILE_NAME, CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import { PUBLIC_PAGE_BASE } from '@shared/landing-pages/slug.ts';
import { Button, buttonVariants } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { saveFile } from '@web/lib/download.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { convertOffThread } from './conversion-thread.ts';
import { readHtmlFile, type ConversionRequest, type Outcome, type SourceMode } from './conversion.ts';
import { ConversionResults } from './conversion-results.tsx';
import { useCreateConvertedPage, useFetchPage } from './converter-api.ts';
import { SourceInput, type ChosenFile } from './source-input.tsx';

const CREATE_FAILED = 'Failed to create the landing page. Please try again.';

/**
 * The HTML to JSON Converter: HTML pasted, uploaded or fetched from a URL becomes
 * builder sections, shown as a summary and as JSON, to download or to save as a new, inactive page.
 */
export default function ConverterPage() {
  const [mode, setMode] = useState<SourceMode>('paste');
  const [pasted, setPasted] = useState('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [url, setUrl] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [converting, setConverting] = useState(false);
  const [created, setCreated] = useState<LandingPage | null>(null);
  const fetchPage = useFetchPage();
  const createPage = useCreateConvertedPage();

  const blank = mode === 'paste' ? pasted.trim() === '' : mode === 'file' ? file === null : url.trim() === '';
  const busy = converting || fetchPage.isPending;

  const show = (next: Outcome) => {
    setOutcome(next);
    setCreated(null);
  };

  const onFile = async (chosen: File) => {
    const read = await readHtmlFile(chosen);
    if (!read.ok) {
      setFile(null);
      show(read);
      return;
    }
    setFile({ name: chosen.name, size: chosen.size, text: read.text });
    setOutcome(null);
  };

  const convert = async () => {
    if (blank || busy) return;
    if (mode === 'url') {
      const address = convertUrlBodySchema.safeParse({ url });
      if (!address.success) return show({ ok: false, message: CONVERTER_MESSAGES.invalidUrl });
      let page: { html: string; url: string };
      try {
        page = await fetchPage.mutateAsync(address.data.url);
      } catch (error) {
        return show({ ok: false, message: CONVERTER_MESSAGES.fetchUrl, detail: error instanceof Error ? error.message : undefined });
      }
      return run({ html: page.html, pageUrl: page.url, fallback: CONVERTER_MESSAGES.failed });
    }
    if (mode === 'file') return run({ html: file!.text, fallback: CONVERTER_MESSAGES.fileFailed });
    return run({ html: pasted, fallback: CONVERTER_MESSAGES.failed });
  };

  const run = async (request: ConversionRequest) => {
    setConverting(true);
    try {
      show(await convertOffThread(request));
    } finally {
      setConverting(false);
    }
  };

  const clear = () => {
    setPasted('');
    setFile(null);
    setFileInputKey((key) => key + 1);
    setUrl('');
    setOutcome(null);
    setCreated(null);
    fetchPage.reset();
    createPage.reset();
  };

  const create = () => {
    if (!outcome?.ok) return;
    createPage.mutate(
      { sections: outcome.converted.sections, title: outcome.converted.title },
      {
        onSuccess: (page) => {
          setCreated(page);
          notifySuccess(`Landing page created at ${PUBLIC_PAGE_BASE}/${page.slug} (inactive)`);
        },
        onError: (error) => notifyError(CREATE_FAILED, error),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="HTML to JSON Converter"
        description="Turn an existing page into builder sections: paste its HTML, upload the file or give its address."
        actions={
          <Link to="/crm/landing-pages" className={buttonVariants({ variant: 'secondary' })}>
            <ArrowLeft aria-hidden /> Landing Pages
          </Link>
        }
      />

      <div className="space-y-6">
        <Card>
          <CardContent className="space-y-5">
            <SourceInput
              mode={mode}
              onModeChange={setMode}
              pasted={pasted}
              onPastedChange={setPasted}
              file={file}
              fileInputKey={fileInputKey}
              onFile={onFile}
              url={url}
              onUrlChange={setUrl}
              disabled={busy}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button onClick={convert} disabled={blank || busy}>
                {busy ? <Spinner className="size-4 text-white" /> : <Wand2 aria-hidden />} Convert
              </Button>
              <Button variant="secondary" onClick={clear} disabled={busy}>
                <Eraser aria-hidden /> Clear
              </Button>
              <p role="status" aria-live="polite" className="text-sm text-gray-600">
                {fetchPage.isPending ? 'Fetching the page...' : converting ? 'Converting...' : ''}
              </p>
            </div>
          </CardContent>
        </Card>

        {outcome && !outcome.ok ? (
          <Card role="alert" className="border-red-200 bg-red-50">
            <CardContent>
              <h2 className="text-base font-semibold text-red-800">{CONVERTER_MESSAGES.errorHeading}</h2>
              <p className="mt-1 text-sm text-red-800">{outcome.message}</p>
              {outcome.detail ? <p className="mt-1 text-sm text-red-700">{outcome.detail}</p> : null}
            </CardContent>
          </Card>
        ) : null}

        {created ? (
          <Card className="border-emerald-200 bg-emerald-50">
            <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="flex items-center gap-2 text-sm text-emerald-900">
                <CircleCheck aria-hidden className="size-5 shrink-0" />
                <span>
                  Created <strong>{created.title}</strong> at {PUBLIC_PAGE_BASE}/{created.slug}, inactive until you activate it.
                </span>
              </p>
              <Link to="/crm/landing-pages" className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
                Open Landing Pages
              </Link>
            </CardContent>
          </Card>
        ) : null}

        {outcome?.ok ? (
          <ConversionResults converted={outcome.converted} onDownload={(json) => saveFile(new Blob([json], { type: 'application/json' }), CONVERTED_FILE_NAME)} onCreate={create} creating={createPage.isPending} />
        ) : null}
      </div>
    </>
  );
}
