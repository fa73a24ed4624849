import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { LEAD_MESSAGES } from '@shared/leads/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { useContent, useLanguage } from '@web/lib/i18n.ts';
import { trackPixel } from '@web/features/site/consent/meta-pixel.ts';
import type { CommonContent, WebinarContent } from '@web/features/site/content/types.ts';
import { LeadForm } from '@web/features/site/signup/lead-form.tsx';
import { useSignup } from '@web/features/site/signup/use-signup.ts';

export const WEBINAR_THANKS_PATH = '/webinar-danke';

/** The webinar sign-up. Any failure shows one message (German: the spec's); success goes to /webinar-danke. */
export default function WebinarModal({ open, onClose, content }: { open: boolean; onClose: () => void; content: WebinarContent }) {
  const { signup: common } = useContent<CommonContent>('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const signup = useSignup('webinar');
  const { clearError } = signup;
  const t = content.modal;

  useEffect(() => {
    if (open) trackPixel('AddToCart', { content_name: 'Webinar' });
    else clearError();
  }, [open, clearError]);

  useEffect(() => {
    if (signup.phase === 'success') navigate(WEBINAR_THANKS_PATH);
  }, [signup.phase, navigate]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !signup.busy && onClose()} title={t.title} description={t.description} closeLabel={common.close}>
      {signup.phase === 'success' ? (
        <div role="status" className="text-center">
          <CheckCircle2 className="mx-auto size-10 text-green-600" aria-hidden />
          <p className="mt-3 text-lg font-semibold text-gray-900">{content.success.title}</p>
          <p className="mt-2 text-gray-600">{content.success.description}</p>
          <Button asChild className="mt-6 w-full">
            <Link to={WEBINAR_THANKS_PATH}>{content.success.button}</Link>
          </Button>
        </div>
      ) : (
        <LeadForm
          texts={{
            fields: { full_name: t.form.name, email: t.form.email, phone: t.form.phone },
            optional: common.optional,
            submit: t.buttons.submit,
            submitting: t.buttons.loading,
            syncing: common.syncing,
            privacy: common.privacy,
          }}
          phase={signup.phase}
          error={signup.errorCode ? LEAD_MESSAGES[language].webinarFailed : null}
          onSubmit={(values, honeypot) => void signup.submit(values, honeypot)}
        />
      )}
    </Dialog>
  );
}
