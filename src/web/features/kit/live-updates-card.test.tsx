// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KIT_WEBHOOK_MESSAGES, KIT_WEBHOOK_PATHS } from '@shared/kit/webhooks.ts';
import { fakeApi, type ApiHandler } from '@web/testing/fake-api.ts';
import { renderScreen } from '@web/testing/render.tsx';
import { LiveUpdatesCard } from './live-updates-card.tsx';

interface Wire {
  available: boolean;
  unavailable_reason: string | null;
  enabled: boolean;
  url: string | null;
  enabled_at: string | null;
  last_received_at: string | null;
  pending: number;
  applied_last_day: number;
}
const OFF: Wire = { available: true, unavailable_reason: null, enabled: false, url: null, enabled_at: null, last_received_at: null, pending: 0, applied_last_day: 0 };
const ON: Wire = { ...OFF, enabled: true, url: 'https://crm.example.com/api/public/kit/webhooks/abc', enabled_at: '2026-11-27T03:00:00.000Z', applied_last_day: 1234 };

let current: Wire;
let handlers: Record<string, ApiHandler>;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  current = OFF;
  handlers = {
    [`GET ${KIT_WEBHOOK_PATHS.liveUpdates}`]: () => current,
    [`PUT ${KIT_WEBHOOK_PATHS.liveUpdates}`]: () => (current = ON),
    [`DELETE ${KIT_WEBHOOK_PATHS.liveUpdates}`]: () => (current = OFF),
  };
  api = fakeApi(handlers);
});

const card = () => screen.getByRole('region', { name: 'Live updates' });

describe('the Live updates card', () => {
  it('says why live updates are unavailable without a public https address, offering no switch', async () => {
    current = { ...OFF, available: false, unavailable_reason: KIT_WEBHOOK_MESSAGES.needsPublicUrl };
    renderScreen(<LiveUpdatesCard />);
    expect((await screen.findByRole('note')).textContent).toBe(KIT_WEBHOOK_MESSAGES.needsPublicUrl);
    expect(within(card()).queryByRole('button')).toBeNull();
  });

  it('turns them on, then shows since when, where Kit posts and what was applied', async () => {
    const { user } = renderScreen(<LiveUpdatesCard />);
    await user.click(await screen.findByRole('button', { name: 'Turn on live updates' }));
    expect(await within(card()).findByText('https://crm.example.com/api/public/kit/webhooks/abc')).toBeTruthy();
    expect(within(card()).getByText('1,234')).toBeTruthy();
    expect(api.callsTo(`PUT ${KIT_WEBHOOK_PATHS.liveUpdates}`)).toHaveLength(1);
  });

  it('asks before turning them off; declining changes nothing', async () => {
    current = ON;
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = renderScreen(<LiveUpdatesCard />);
    const off = await screen.findByRole('button', { name: 'Turn off live updates' });
    await user.click(off);
    expect(api.callsTo(`DELETE ${KIT_WEBHOOK_PATHS.liveUpdates}`)).toHaveLength(0);
    await user.click(off);
    expect(await screen.findByRole('button', { name: 'Turn on live updates' })).toBeTruthy();
    expect(api.callsTo(`DELETE ${KIT_WEBHOOK_PATHS.liveUpdates}`)).toHaveLength(1);
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });
});
