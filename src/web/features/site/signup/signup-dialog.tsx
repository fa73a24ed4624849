import { AlertCircle, CheckCircle2, Loader2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { LEAD_HONEYPOT_FIELD, LEAD_LIMITS, type LeadField } from '@shared/leads/form.ts';
import { buttonVariants } from '@web/components/ui/button-variants.ts';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { SITE_ISLAND_ATTRIBUTES as A } from '@web/features/site/islands/attributes.ts';

export interface SignupTexts {
  title: string;
  description: string;
  close: string;
  fields: Record<LeadField, { label: string; placeholder: string }>;
  optional: string;
  submit: string;
  /** The button while the sign-up is sent, and while it is synced to Kit. */
  submitting: string;
  syncing: string;
  privacy: string;
}

export type SignupEndpoint = 'waiting-list' | 'webinar';

/**
 * A sign-up modal as server HTML: a native <dialog>, closed until the sign-up island (islands/signup.ts)
 * opens it. Full name and email required, phone optional; the island checks them with the server's
 * own rules (src/shared/leads/form.ts), sends them and shows the outcome in the elements marked here.
 */
export function SignupDialog({
  id,
  endpoint,
  texts,
  done,
  hash,
  success,
}: {
  id: string;
  endpoint: SignupEndpoint;
  texts: SignupTexts;
  /** After success: a path to go to, or `#` and the id of a confirmation that replaces the page. */
  done: string;
  /** An address hash that opens the dialog (and that closing it removes). */
  hash?: string;
  /** Shown in the dialog once the sign-up succeeded, while the next page loads. */
  success?: { title: string; description: string; button: { label: string; href: string } };
}) {
  const field = (name: LeadField, props: { type?: string; autoComplete: string; inputMode?: 'email'; required?: boolean; maxLength: number }, label: ReactNode) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input id={`${id}-${name}`} name={name} placeholder={texts.fields[name].placeholder} {...props} />
      <p id={`${id}-${name}-message`} role="alert" className="text-sm text-red-600" hidden {...{ [A.fieldError]: name }} />
    </div>
  );
  return (
    <dialog
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      {...{ [A.signup]: endpoint, [A.signupDone]: done, ...(hash ? { [A.signupHash]: hash } : {}) }}
      className="signup-dialog max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl sm:max-w-lg sm:rounded-2xl sm:p-8"
    >
      <h2 id={`${id}-title`} className="pr-8 text-xl font-semibold tracking-tight text-gray-900">
        {texts.title}
      </h2>
      <p id={`${id}-description`} className="mt-2 text-sm text-gray-600">
        {texts.description}
      </p>
      <button type="button" data-signup-close className="absolute top-4 right-4 cursor-pointer rounded-full p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900" aria-label={texts.close}>
        <X className="size-5" aria-hidden />
      </button>
      <div className="mt-6">
        <form noValidate className="space-y-4" {...{ [A.signupForm]: '' }}>
          {field('full_name', { autoComplete: 'name', required: true, maxLength: LEAD_LIMITS.fullName }, texts.fields.full_name.label)}
          {field('email', { type: 'email', autoComplete: 'email', inputMode: 'email', required: true, maxLength: LEAD_LIMITS.email }, texts.fields.email.label)}
          {field(
            'phone',
            { type: 'tel', autoComplete: 'tel', maxLength: LEAD_LIMITS.phone },
            <>
              {texts.fields.phone.label} <span className="font-normal text-gray-500">({texts.optional})</span>
            </>,
          )}
          {/* Hidden from people (and screen readers); bots fill it in and are turned away. */}
          <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              Website
              <input name={LEAD_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <p role="alert" hidden className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700" {...{ [A.formError]: '' }}>
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span />
          </p>
          <p className="min-h-8 text-xs leading-relaxed text-gray-600" {...{ [A.consentStatement]: '' }} />
          <button
            type="submit"
            className={buttonVariants({ size: 'lg', className: 'w-full' })}
            data-submitting={texts.submitting}
            data-syncing={texts.syncing}
          >
            <Loader2 aria-hidden className="hidden size-5 animate-spin text-white" />
            <span {...{ [A.submitLabel]: '' }}>{texts.submit}</span>
          </button>
          <p className="text-center text-xs text-gray-500">{texts.privacy}</p>
        </form>
        {success ? (
          <div role="status" hidden className="text-center" {...{ [A.signupSuccess]: '' }}>
            <CheckCircle2 className="mx-auto size-10 text-green-600" aria-hidden />
            <p className="mt-3 text-lg font-semibold text-gray-900">{success.title}</p>
            <p className="mt-2 text-gray-600">{success.description}</p>
            <a href={success.button.href} className={buttonVariants({ className: 'mt-6 w-full' })}>
              {success.button.label}
            </a>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
