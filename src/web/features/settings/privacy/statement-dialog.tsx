import { useState } from 'react';
import { CONSENT_LIMITS, CONSENT_MESSAGES, type ConsentStatement } from '@shared/privacy/consent.ts';
import { SIGNUP_KIND_LABELS } from '@shared/privacy/sources.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifySuccess } from '@web/lib/notify.tsx';
import { useSaveStatement } from './consent-api.ts';

/** Edits a statement in both languages; saving adds the next version (the current one is kept). */
export function StatementDialog({ statement, onClose }: { statement: ConsentStatement; onClose: () => void }) {
  const [texts, setTexts] = useState({ text_en: statement.text_en, text_de: statement.text_de });
  const [errors, setErrors] = useState<{ text_en?: string; text_de?: string; form?: string }>({});
  const save = useSaveStatement();
  const problem = (text: string) => (!text.trim() ? CONSENT_MESSAGES.statementRequired : text.trim().length > CONSENT_LIMITS.statementText ? CONSENT_MESSAGES.statementTooLong : undefined);

  const submit = () => {
    const found = { text_en: problem(texts.text_en), text_de: problem(texts.text_de) };
    setErrors(found);
    if (found.text_en || found.text_de) return;
    save.mutate(
      { kind: statement.kind, texts },
      {
        onSuccess: (saved) => {
          notifySuccess(`${SIGNUP_KIND_LABELS[statement.kind]}: ${CONSENT_MESSAGES.statementSaved(saved.version)}`);
          onClose();
        },
        onError: (error) => setErrors({ form: error instanceof ApiError ? error.message : 'The statement could not be saved. Please try again.' }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit the ${SIGNUP_KIND_LABELS[statement.kind]} statement`}
      description={`Saving makes version ${statement.version + 1}. Version ${statement.version} stays on record for the people who agreed to it.`}
    >
      <form
        className="mt-6 space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label="English" error={errors.text_en}>
          <Textarea rows={5} maxLength={CONSENT_LIMITS.statementText} value={texts.text_en} onChange={(e) => setTexts({ ...texts, text_en: e.target.value })} />
        </Field>
        <Field label="German" error={errors.text_de}>
          <Textarea rows={5} lang="de" maxLength={CONSENT_LIMITS.statementText} value={texts.text_de} onChange={(e) => setTexts({ ...texts, text_de: e.target.value })} />
        </Field>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : `Save as version ${statement.version + 1}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
