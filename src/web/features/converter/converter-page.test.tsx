// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONVERTER_CUTS, CONVERTER_MESSAGES, HTML_READ_LIMITS } from '@shared/landing-pages/converter/messages.ts';
import { renderScreen } from '@web/testing/render.tsx';
import ConverterPage from './converter-page.tsx';

const CONVERTER = '/crm/landing-pages/convert';

async function convertPasted(html: string) {
  const view = renderScreen(<ConverterPage />, { url: CONVERTER });
  await view.user.click(screen.getByLabelText('HTML', { exact: true }));
  await view.user.paste(html);
  await view.user.click(screen.getByRole('button', { name: 'Convert' }));
  return screen.findByRole('region', { name: 'Results' });
}

describe('the converter page tells what the conversion cut and noted', () => {
  it('lists what was cut under its own heading, says so beside the result, and lists the notes apart', async () => {
    const html = `${'<div>'.repeat(HTML_READ_LIMITS.depth + 10)}<p>deep text</p><label>Day <input type="date"></label>`;
    const results = await convertPasted(html);

    expect(within(results).getByRole('status').textContent).toContain(`· ${CONVERTER_MESSAGES.notAllConverted}`);
    const cuts = within(results).getByRole('region', { name: CONVERTER_MESSAGES.notAllConverted });
    expect(within(cuts).getAllByRole('listitem').map((item) => item.textContent)).toEqual([CONVERTER_CUTS.flattened]);
    const notes = within(results).getByRole('region', { name: 'Converted with notes' });
    expect(within(notes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "A date field became a text field: the builder's inputs take text, email, password, number, tel and url",
    ]);
    // What was kept is there.
    expect(within(results).getByRole('region', { name: 'Converted components' }).textContent).toContain('deep text');
  });

  it('shows neither box for a page converted whole and one to one', async () => {
    const results = await convertPasted('<section><h1>Hello</h1><p>World</p></section>');
    expect(within(results).getByRole('status').textContent).not.toContain(CONVERTER_MESSAGES.notAllConverted);
    expect(within(results).queryByRole('region', { name: CONVERTER_MESSAGES.notAllConverted })).toBeNull();
    expect(within(results).queryByRole('region', { name: 'Converted with notes' })).toBeNull();
  });
});
