import { useEffect } from 'react';
import { waitingListErrorText } from '@shared/leads/messages.ts';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { useContent, useLanguage } from '@web/lib/i18n.ts';
import { trackPixel } from '@web/features/site/consent/meta-pixel.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { LeadForm } from '@web/features/site/signup/lead-form.tsx';
import { useSignup } from '@web/features/site/signup/use-signup.ts';

/** The waiting-list form: "Joining..." then "Syncing..." then the page's confirmation screen. */
export default function WaitingListModal({ open, onOpenChange, onJoined }: { open: boolean; onOpenChange: (open: boolean) => void; onJoined: () => void }) {
  const { waitingList: t } = useContent<CommonContent>('common');
  const language = useLanguage();
  const signup = useSignup('waiting-list');
  const { clearError } = signup;

  useEffect(() => {
    if (open) trackPixel('AddToCart', { content_name: 'Learning Ecosystem Mastery waiting list' });
    else clearError(); // closing the modal clears its error
  }, [open, clearError]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !signup.busy && onOpenChange(next)}
      title={t.title}
      description={t.description}
      closeLabel={t.close}
    >
      <LeadForm
        texts={{
          fields: { full_name: t.fullName, email: t.email, phone: t.phone },
          optional: t.phone.optional,
          submit: t.submit,
          submitting: t.joining,
          syncing: t.syncing,
          privacy: t.privacy,
        }}
        phase={signup.phase}
        error={signup.errorCode ? waitingListErrorText(signup.errorCode, language) : null}
        onSubmit={async (values, honeypot) => {
          if (await signup.submit(values, honeypot)) onJoined();
        }}
      />
    </Dialog>
  );
}
