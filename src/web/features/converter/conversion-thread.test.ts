// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversionRequest } from './conversion.ts';
import { convertText } from './conversion.ts';

/** A stand-in for the browser's Worker (jsdom has none): it records what it is sent, and the test answers. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  readonly sent: Array<{ id: number; request: ConversionRequest }> = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(message: { id: number; request: ConversionRequest }) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(index: number) {
    const { id, request } = this.sent[index]!;
    this.onmessage?.({ data: { id, outcome: convertText(request.html, request.pageUrl, request.fallback) } });
  }
}

/** The module afresh: it keeps its worker for the page's life. */
async function freshThread() {
  vi.resetModules();
  return import('./conversion-thread.ts');
}

const request = (text: string): ConversionRequest => ({ html: `<section><h1>${text}</h1></section>`, fallback: 'Conversion failed' });
const heading = (outcome: Awaited<ReturnType<Awaited<ReturnType<typeof freshThread>>['convertOffThread']>>) =>
  outcome.ok ? outcome.converted.sections[0]!.components[0]!.props.text : outcome.message;

afterEach(() => {
  FakeWorker.made = [];
  vi.unstubAllGlobals();
});

describe('convertOffThread', () => {
  it('sends each conversion to one module worker and gives each its own answer, whatever the order', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { convertOffThread } = await freshThread();
    const first = convertOffThread(request('First'));
    const second = convertOffThread(request('Second'));
    expect(FakeWorker.made).toHaveLength(1);
    const [worker] = FakeWorker.made;
    expect(worker!.url.pathname).toMatch(/conversion-worker\.ts$/);
    expect(worker!.options).toEqual({ type: 'module' });
    worker!.answer(1);
    worker!.answer(0);
    expect([heading(await first), heading(await second)]).toEqual(['First', 'Second']);
  });

  it('converts on the page when the worker fails, and from then on', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { convertOffThread } = await freshThread();
    const waiting = convertOffThread(request('Rescued'));
    const [worker] = FakeWorker.made;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    worker!.onerror?.({ message: 'failed to load', preventDefault() {} });
    expect(heading(await waiting)).toBe('Rescued');
    expect(worker!.terminated).toBe(true);
    expect(heading(await convertOffThread(request('Later')))).toBe('Later');
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('converts on the page where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { convertOffThread } = await freshThread();
    expect(heading(await convertOffThread(request('Here')))).toBe('Here');
  });
});
