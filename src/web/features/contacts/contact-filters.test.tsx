// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderScreen } from '@web/testing/render.tsx';
import { ActiveFilters, FiltersButton } from './contact-filters.tsx';
import { useContactView, type ContactView } from './contact-view.ts';

const TAGS = ['newsletter', 'vip'];

/** The filters as the contacts screen wires them: one view, kept in the URL. */
function renderFilters(url: string) {
  const seen: Array<{ view: ContactView; update: (patch: Partial<ContactView>) => void }> = [];
  function Filters() {
    const [view, update] = useContactView();
    seen.push({ view, update });
    return (
      <>
        <FiltersButton view={view} tagNames={TAGS} onChange={update} />
        <ActiveFilters view={view} onChange={update} />
      </>
    );
  }
  const rendered = renderScreen(<Filters />, { url });
  return { ...rendered, latest: () => seen[seen.length - 1]! };
}

const chips = () => screen.queryAllByRole('button', { name: /^Remove filter / }).map((b) => b.getAttribute('aria-label'));

describe('the contacts filters and their URL', () => {
  it('opens the view a bookmark describes, with each filter shown as a removable chip', () => {
    renderFilters('/crm/contacts?status=customer&source=referral&tag=vip&sort=name');
    expect(chips()).toEqual(['Remove filter Status: Customer', 'Remove filter Source: Referral', 'Remove filter Tag: vip']);
    expect(within(screen.getByRole('button', { name: /^Filters/ })).getByLabelText('3 active')).toBeTruthy();
  });

  it('writes a filter chosen in the panel into the URL, replacing the entry rather than adding to the history', async () => {
    const { user, router } = renderFilters('/crm/contacts');
    expect(chips()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    await user.selectOptions(within(panel).getByLabelText('Status'), 'customer');
    await user.selectOptions(within(panel).getByLabelText('Tag'), 'vip');

    expect(currentUrl(router)).toBe('/crm/contacts?status=customer&tag=vip');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(chips()).toEqual(['Remove filter Status: Customer', 'Remove filter Tag: vip']);

    // Back to "all": the value leaves the URL.
    await user.selectOptions(within(panel).getByLabelText('Status'), '');
    expect(currentUrl(router)).toBe('/crm/contacts?tag=vip');
  });

  it('removes one filter with its chip and all of them with "Clear filters", keeping the search and sort', async () => {
    const { user, router } = renderFilters('/crm/contacts?search=anna&status=lead&source=social&sort=email');
    await user.click(screen.getByRole('button', { name: 'Remove filter Source: Social Media' }));
    expect(currentUrl(router)).toBe('/crm/contacts?search=anna&status=lead&sort=email');
    // A single chip needs no "Clear filters" of its own.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    const button = screen.getByRole('button', { name: /^Filters/ });
    expect(within(button).getByLabelText('1 active')).toBeTruthy();
    await user.click(button);
    await user.selectOptions(within(await screen.findByRole('dialog', { name: 'Filters' })).getByLabelText('Tag'), 'newsletter');
    expect(within(button).getByLabelText('2 active')).toBeTruthy();
    const chipList = screen.getByRole('list', { name: 'Active filters' });
    await user.click(within(chipList).getByRole('button', { name: 'Clear filters' }));
    expect(currentUrl(router)).toBe('/crm/contacts?search=anna&sort=email');
    expect(chips()).toEqual([]);
  });

  it('filters by Kit’s state: offered in the panel by its labels, kept in the URL as kit_state, removable as a chip', async () => {
    const { user, router } = renderFilters('/crm/contacts?status=lead');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const select = within(await screen.findByRole('dialog', { name: 'Filters' })).getByLabelText<HTMLSelectElement>('Kit state');
    expect([...select.options].map((o) => o.textContent)).toEqual(['All Kit states', 'Subscribed', 'Waiting for confirmation', 'Unsubscribed', 'Bounced', 'Complained']);
    await user.selectOptions(select, 'bounced');
    expect(currentUrl(router)).toBe('/crm/contacts?status=lead&kit_state=bounced');
    expect(chips()).toEqual(['Remove filter Status: Lead', 'Remove filter Kit: Bounced']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Kit: Bounced' }));
    expect(currentUrl(router)).toBe('/crm/contacts?status=lead');
  });

  it('ignores a Kit state in the URL that is not one of Kit’s', () => {
    renderFilters('/crm/contacts?kit_state=deleted');
    expect(chips()).toEqual([]);
  });

  it('still offers a bookmarked tag that no longer exists, so the person sees what filters the list', async () => {
    const { user } = renderFilters('/crm/contacts?tag=old-campaign');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const tag = within(await screen.findByRole('dialog', { name: 'Filters' })).getByLabelText<HTMLSelectElement>('Tag');
    expect(tag.value).toBe('old-campaign');
    expect([...tag.options].map((o) => o.value)).toEqual(['', 'old-campaign', ...TAGS]);
  });

  it('keeps both of two changes made in quick succession (a search settling while a filter is removed)', () => {
    const { router, latest } = renderFilters('/crm/contacts?status=customer');
    const { update } = latest();
    act(() => {
      update({ search: 'anna' });
      update({ status: undefined });
    });
    expect(currentUrl(router)).toBe('/crm/contacts?search=anna');
    expect(latest().view).toMatchObject({ search: 'anna', status: undefined });
  });

  it('adopts a view the person navigates to (a link, or back), and leaves the view alone when nothing changes', async () => {
    const { router, latest } = renderFilters('/crm/contacts?status=customer');
    await act(() => router.navigate('/crm/contacts?source=referral&sort=email&order=desc'));
    expect(latest().view).toEqual({ search: '', status: undefined, source: 'referral', tag: undefined, sort: 'email', order: 'desc' });
    expect(chips()).toEqual(['Remove filter Source: Referral']);

    await act(() => router.navigate(-1));
    expect(latest().view).toMatchObject({ status: 'customer', source: undefined, sort: 'created_at' });

    const before = latest().view;
    act(() => latest().update({ status: 'customer', search: '' }));
    expect(latest().view).toBe(before);
  });
});
