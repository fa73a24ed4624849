import { ConsentStatementsCard } from './consent-statements-card.tsx';
import { DoubleOptInCard } from './double-opt-in-card.tsx';
import { ErasuresCard } from './erasures-card.tsx';
import { RetentionCard } from './retention-card.tsx';

/**
 * Settings → Privacy: what the owner needs to show and keep the law's promises to the people on
 * the list: the consent statements each form shows (with their versions), the Kit form each sign-up
 * source joins for double opt-in, how long data is kept, and the erasures made.
 */
export function PrivacySection() {
  return (
    <section aria-labelledby="privacy-heading" className="space-y-6">
      <h2 id="privacy-heading" className="text-lg font-semibold">
        Privacy
      </h2>
      <ConsentStatementsCard />
      <DoubleOptInCard />
      <RetentionCard />
      <ErasuresCard />
    </section>
  );
}
