// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KIT_SUBSCRIBER_STATES } from '@shared/kit/subscriber-state.ts';
import { ContactCell } from './contacts-table.tsx';

const contact = (kit_state: (typeof KIT_SUBSCRIBER_STATES)[number] | null) =>
  ({ id: 'c', email: 'a@example.com', tags: [], status: 'lead', kit_id: null, kit_state, kit_state_at: null }) as unknown as Parameters<typeof ContactCell>[0]['contact'];

describe('the Kit state column', () => {
  it('shows each state by its label, and a dash while Kit has said nothing', () => {
    const shown = [null, ...KIT_SUBSCRIBER_STATES].map((state) => render(<ContactCell column="kit_state" contact={contact(state)} tagColors={new Map()} />).container.textContent);
    expect(shown).toEqual(['—', 'Subscribed', 'Waiting for confirmation', 'Unsubscribed', 'Bounced', 'Complained']);
  });

  it('marks the states a sync must not reverse with an icon as well as colour', () => {
    const marked = KIT_SUBSCRIBER_STATES.filter(
      (state) => render(<ContactCell column="kit_state" contact={contact(state)} tagColors={new Map()} />).container.querySelector('[data-final] svg') !== null,
    );
    expect(marked).toEqual(['cancelled', 'bounced', 'complained']);
  });
});
