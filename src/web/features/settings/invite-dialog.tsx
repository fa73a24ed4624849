import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { INVITE_VALID_HOURS, invitePath, inviteSchema, type InviteInput } from '@shared/users/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { DateText } from '@web/components/ui/date-text.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { FormActions } from '@web/components/ui/form-actions.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { ApiError } from '@web/lib/api.ts';
import { useInviteUser } from './users-api.ts';

interface CreatedInvite {
  email: string;
  expires_at: string;
  link: string;
}

/**
 * Add a user by email: the server makes a one-time link (valid 72 hours) and the dialog shows it
 * once, to copy and send; only its hash is kept, so closing the dialog is the last chance to see it.
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={created ? 'Invite link created' : 'Invite a user'}
      description={
        created ? undefined : `They get a link to set their own password. It works once, for ${INVITE_VALID_HOURS} hours.`
      }
    >
      {created ? <InviteLink invite={created} onDone={onClose} /> : <InviteForm onCreated={setCreated} onCancel={onClose} />}
    </Dialog>
  );
}

function InviteForm({ onCreated, onCancel }: { onCreated: (invite: CreatedInvite) => void; onCancel: () => void }) {
  const invite = useInviteUser();
  const form = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((values) =>
    invite.mutateAsync(values).then(
      ({ email, expires_at, token }) => onCreated({ email, expires_at, link: new URL(invitePath(token), window.location.origin).href }),
      (error: unknown) => {
        const message = error instanceof ApiError ? error.fields.email : undefined;
        if (message) return form.setError('email', { message }, { shouldFocus: true });
        console.error('Invite failed', error);
        notifyError(error instanceof ApiError ? error.message : 'Failed to create the invite. Please try again.');
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Invite a user">
      <Field label="Email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="off" autoFocus placeholder="colleague@example.com" {...form.register('email')} />
      </Field>
      <FormActions onCancel={onCancel} busy={invite.isPending} submitLabel="Create invite link" />
    </form>
  );
}

function InviteLink({ invite, onDone }: { invite: CreatedInvite; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(invite.link).then(
      () => {
        setCopied(true);
        notifySuccess('Invite link copied');
      },
      (error: unknown) => {
        console.error('Copy failed', error);
        notifyError('Could not copy. Select the link and copy it yourself.');
      },
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        Send this link to <strong className="font-medium text-gray-900">{invite.email}</strong>. It works once, until{' '}
        <DateText value={invite.expires_at} format="datetime" />.
      </p>
      <p role="note" className="rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
        The link is shown only now: copy it before you close this window. If it gets lost, invite them again.
      </p>
      <Field label="Invite link">
        <Input readOnly value={invite.link} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      </Field>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
        <Button onClick={copy} autoFocus>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
}
