// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANDING_PAGE_PATHS } from '@shared/landing-pages/api.ts';
import { CONVERT_URL_PATH } from '@shared/landing-pages/converter/api.ts';
import { CONVERTED_FILE_NAME, CONVERTER_MESSAGES } from '@shared/landing-pages/converter/messages.ts';
import { apiError, fakeApi, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import ConverterPage from './converter-page.tsx';

const PAGE_HTML = '<title>Spring Offer</title><section class="py-16"><h1 class="text-4xl">Hello spring</h1><p>Join us</p></section>';
const CREATE = `POST ${LANDING_PAGE_PATHS.list}`;

let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;
let downloads: Array<{ name: string; content: string }>;
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  handlers = {
    [CREATE]: ({ body }) => {
      const page = body as { title: string; slug: string; content: string; page_type: string; is_active: boolean };
      return {
        page: { ...page, id: 'p1', version: 1, updated_by: null, settings: {}, created_at: '2026-03-01T00:00:00.000Z', updated_at: '2026-03-01T00:00:00.000Z' },
      };
    },
  };
  api = fakeApi(handlers);
  downloads = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:http://localhost/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const name = this.download;
    void blobs.get(this.getAttribute('href')!)!.text().then((content) => downloads.push({ name, content }));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

const converterPage = () => renderScreen(<ConverterPage />, { url: '/crm/landing-pages/convert' });
const convertButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Convert' });
const errorCard = () => screen.findByRole('alert');

/** Pastes HTML in one go (typing it key by key would read the braces as key names). */
function paste(html: string) {
  fireEvent.change(screen.getByLabelText('HTML'), { target: { value: html } });
}

describe('converting pasted HTML', () => {
  it('converts only once there is something to convert', () => {
    converterPage();
    expect(screen.getByRole('button', { name: 'Paste HTML' }).getAttribute('aria-pressed')).toBe('true');
    expect(convertButton().disabled).toBe(true);
    paste('   ');
    expect(convertButton().disabled).toBe(true);
    paste('<p>Hi</p>');
    expect(convertButton().disabled).toBe(false);
  });

  it('shows the sections, a summary row for each component, and the count', async () => {
    const { user } = converterPage();
    paste(PAGE_HTML);
    await user.click(convertButton());
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(within(results).getByRole('status').textContent).toMatch(/^Successfully converted 1 section · \d+ components$/);
    const summary = within(results).getByRole('region', { name: 'Converted components' });
    const texts = within(summary).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    expect(texts).toContain('Hello spring');
    expect(texts).toContain('Join us');
  });

  it('says why HTML the builder cannot show was not converted', async () => {
    const { user } = converterPage();
    paste('<script>alert(1)</script>');
    await user.click(convertButton());
    const card = await errorCard();
    expect(within(card).getByRole('heading').textContent).toBe(CONVERTER_MESSAGES.errorHeading);
    expect(within(card).getByText(CONVERTER_MESSAGES.noContent)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
  });

  it('downloads the JSON as converted-landing-page.json, the sections as the builder saves them', async () => {
    const { user } = converterPage();
    paste(PAGE_HTML);
    await user.click(convertButton());
    await user.click(await screen.findByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe(CONVERTED_FILE_NAME);
    const sections = JSON.parse(downloads[0]!.content) as unknown[];
    expect(sections).toHaveLength(1);
    expect(downloads[0]!.content).toContain('Hello spring');
  });

  it('creates an inactive builder page titled like the source, and says where it is', async () => {
    const { user } = converterPage();
    paste(PAGE_HTML);
    await user.click(convertButton());
    await user.click(await screen.findByRole('button', { name: 'Create landing page' }));
    expect(await screen.findByText(/^Landing page created at \/lp\/converted-\d+ \(inactive\)$/)).toBeTruthy();
    const [body] = api.callsTo(CREATE).map((c) => c.body as Record<string, unknown>);
    expect(body).toMatchObject({ title: 'Spring Offer', page_type: 'builder', is_active: false });
    expect(body!.slug).toMatch(/^converted-\d+$/);
    expect(body!.content).toContain('Hello spring');
    expect(screen.getByRole('link', { name: 'Open Landing Pages' }).getAttribute('href')).toBe('/crm/landing-pages');
  });

  it('says when the page cannot be created', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers[CREATE] = () => apiError(500, 'internal', 'Internal error');
    const { user } = converterPage();
    paste(PAGE_HTML);
    await user.click(convertButton());
    await user.click(await screen.findByRole('button', { name: 'Create landing page' }));
    expect((await screen.findByText('Internal error')).parentElement?.textContent).toBe(
      'Failed to create the landing page. Please try again.Internal error',
    );
    logged.mockRestore();
  });

  it('clears the source and the results', async () => {
    const { user } = converterPage();
    paste(PAGE_HTML);
    await user.click(convertButton());
    await screen.findByRole('region', { name: 'Results' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText<HTMLTextAreaElement>('HTML').value).toBe('');
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
    expect(convertButton().disabled).toBe(true);
  });
});

describe('converting a page from its address', () => {
  it('refuses what is not a web address, asking the server nothing', async () => {
    const { user } = converterPage();
    await user.click(screen.getByRole('button', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Page address'), 'ftp://files.example.com/page.html');
    await user.click(convertButton());
    expect(within(await errorCard()).getByText(CONVERTER_MESSAGES.invalidUrl)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('has the server fetch the page, and converts it', async () => {
    handlers[`POST ${CONVERT_URL_PATH}`] = () => ({ html: PAGE_HTML, url: 'https://example.com/spring' });
    const { user } = converterPage();
    await user.click(screen.getByRole('button', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Page address'), ' https://example.com/offer ');
    await user.click(convertButton());
    expect(await screen.findByRole('region', { name: 'Results' })).toBeTruthy();
    expect(api.callsTo(`POST ${CONVERT_URL_PATH}`).map((c) => c.body)).toEqual([{ url: 'https://example.com/offer' }]);
  });

  it('says why the server could not fetch it', async () => {
    handlers[`POST ${CONVERT_URL_PATH}`] = () => apiError(400, 'fetch_failed', 'The address nowhere.example could not be found');
    const { user } = converterPage();
    await user.click(screen.getByRole('button', { name: 'From URL' }));
    await user.type(screen.getByLabelText('Page address'), 'https://nowhere.example/');
    await user.click(convertButton());
    const card = await errorCard();
    expect(within(card).getByText(CONVERTER_MESSAGES.fetchUrl)).toBeTruthy();
    expect(within(card).getByText('The address nowhere.example could not be found')).toBeTruthy();
  });
});

describe('converting an uploaded file', () => {
  it('takes an .html file, names it, and converts it', async () => {
    const { user } = converterPage();
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    await user.upload(screen.getByLabelText('HTML file'), new File([PAGE_HTML], 'offer.html', { type: 'text/html' }));
    expect(await screen.findByText('offer.html')).toBeTruthy();
    expect(screen.getByText(`${PAGE_HTML.length} bytes`, { exact: false })).toBeTruthy();
    await user.click(convertButton());
    expect(await screen.findByRole('region', { name: 'Results' })).toBeTruthy();
  });

  it('refuses a file that is not HTML', async () => {
    const { user } = converterPage();
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    // The picker suggests .html files; "All files" in it can still bring another.
    const input = screen.getByLabelText('HTML file');
    Object.defineProperty(input, 'files', { value: [new File(['name,email'], 'contacts.csv', { type: 'text/csv' })] });
    fireEvent.change(input);
    expect(within(await errorCard()).getByText(CONVERTER_MESSAGES.fileType)).toBeTruthy();
    expect(convertButton().disabled).toBe(true);
  });
});
