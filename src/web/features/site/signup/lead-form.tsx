import { AlertCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LEAD_HONEYPOT_FIELD, LEAD_LIMITS, leadFormProblems, type LeadField, type LeadFormValues } from '@shared/leads/form.ts';
import { LEAD_MESSAGES } from '@shared/leads/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useLanguage } from '@web/lib/i18n.ts';
import type { SignupPhase } from './use-signup.ts';

export interface LeadFormTexts {
  fields: Record<LeadField, { label: string; placeholder: string }>;
  optional: string;
  submit: string;
  /** The button while the sign-up is sent, and while it is synced to Kit. */
  submitting: string;
  syncing: string;
  privacy: string;
}

/** Full name and email required, phone optional; checked here with the server's own rules first. */
export function LeadForm({
  texts,
  phase,
  error,
  onSubmit,
}: {
  texts: LeadFormTexts;
  phase: SignupPhase;
  error: string | null;
  onSubmit: (values: LeadFormValues, honeypot: string) => void;
}) {
  const language = useLanguage();
  const [values, setValues] = useState<LeadFormValues>({ full_name: '', email: '', phone: '' });
  const [honeypot, setHoneypot] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof leadFormProblems>>({});
  const busy = phase === 'submitting' || phase === 'syncing';

  const fieldError = (field: LeadField) => {
    const problem = problems[field];
    return problem ? LEAD_MESSAGES[language].fields[field][problem] : undefined;
  };
  const update = (field: LeadField) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = leadFormProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit(values, honeypot);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label={texts.fields.full_name.label} error={fieldError('full_name')}>
        <Input
          name="full_name"
          autoComplete="name"
          required
          maxLength={LEAD_LIMITS.fullName}
          placeholder={texts.fields.full_name.placeholder}
          value={values.full_name}
          onChange={update('full_name')}
          disabled={busy}
        />
      </Field>
      <Field label={texts.fields.email.label} error={fieldError('email')}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={LEAD_LIMITS.email}
          placeholder={texts.fields.email.placeholder}
          value={values.email}
          onChange={update('email')}
          disabled={busy}
        />
      </Field>
      <Field
        label={
          <>
            {texts.fields.phone.label} <span className="font-normal text-gray-500">({texts.optional})</span>
          </>
        }
        error={fieldError('phone')}
      >
        <Input
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={LEAD_LIMITS.phone}
          placeholder={texts.fields.phone.placeholder}
          value={values.phone}
          onChange={update('phone')}
          disabled={busy}
        />
      </Field>
      {/* Hidden from people (and screen readers); bots fill it in and are turned away. */}
      <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input name={LEAD_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" value={honeypot} onChange={(e) => setHoneypot(e.target.value)} />
        </label>
      </div>
      {error ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? <Spinner className="text-white" /> : null}
        {phase === 'syncing' ? texts.syncing : phase === 'submitting' ? texts.submitting : texts.submit}
      </Button>
      <p className="text-center text-xs text-gray-500">{texts.privacy}</p>
    </form>
  );
}
