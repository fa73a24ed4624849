import type { UseQueryResult } from '@tanstack/react-query';
import { Eye, EyeOff, KeyRound, PlugZap, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { KIT_MESSAGES } from '@shared/kit/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { ApiError } from '@web/lib/api.ts';
import { notifySuccess } from '@web/lib/notify.tsx';
import { formatDateTime } from './format.ts';
import { ConnectionLine } from './connection-line.tsx';
import type { KitKeyStatus } from '@shared/kit/api.ts';
import { useClearKitKey, useSaveKitKey, useTestTypedKey } from './kit-api.ts';
import { KitCard, LoadError, Loading } from './kit-card.tsx';

/**
 * "Configure API Key": the saved key shown masked (the server never sends it back), replacing it,
 * testing a typed key before saving it, and clearing it.
 */
export function ApiKeyCard({ settings }: { settings: UseQueryResult<KitKeyStatus> }) {
  const [replacing, setReplacing] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const clear = useClearKitKey();
  const status = settings.data;
  const editing = replacing || (status !== undefined && !status.configured);

  return (
    <KitCard
      title="Configure API Key"
      icon={KeyRound}
      description="Your Kit API key (Kit → Settings → Developer). It is stored encrypted; only the server uses it."
    >
      {settings.isPending ? (
        <Loading text="Loading settings..." />
      ) : settings.isError || !status ? (
        <LoadError message={settings.error?.message ?? 'Failed to load the Kit settings'} onRetry={() => settings.refetch()} />
      ) : (
        <>
          {status.error ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {status.error}
            </p>
          ) : null}
          {status.configured ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-50 px-4 py-3">
              <div className="min-w-0">
                <p className="text-xs font-medium text-gray-500">Saved API key</p>
                <p className="font-mono text-sm tracking-wider text-gray-900" aria-label="Saved API key">
                  {status.masked_key}
                </p>
                {status.updated_at ? <p className="text-xs text-gray-500">Saved {formatDateTime(status.updated_at)}</p> : null}
              </div>
              {!replacing ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setReplacing(true)}>
                    Replace Key
                  </Button>
                  <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setConfirmClear(true)}>
                    <Trash2 aria-hidden /> Clear Key
                  </Button>
                </div>
              ) : null}
            </div>
          ) : !status.error ? (
            <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
              <p className="font-medium">{KIT_MESSAGES.notConfigured}</p>
              <p className="mt-1">Save your Kit API key below to see your subscribers, forms and tags and to sync contacts to Kit.</p>
            </div>
          ) : null}
          {editing ? <KeyForm canCancel={status.configured} onDone={() => setReplacing(false)} /> : null}
        </>
      )}

      <Dialog open={confirmClear} onOpenChange={setConfirmClear} title="Clear the Kit API key?" description="The CRM stops talking to Kit until a key is saved again. Syncs already queued wait for the new key.">
        {clear.isError ? (
          <p role="alert" className="mb-4 text-sm text-red-700">
            {clear.error.message}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirmClear(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={clear.isPending}
            onClick={() =>
              clear.mutate(undefined, {
                onSuccess: () => {
                  setConfirmClear(false);
                  notifySuccess('Kit API key cleared');
                },
              })
            }
          >
            {clear.isPending ? <Spinner className="size-4 text-white" /> : <Trash2 aria-hidden />} Clear Key
          </Button>
        </div>
      </Dialog>
    </KitCard>
  );
}

function KeyForm({ canCancel, onDone }: { canCancel: boolean; onDone: () => void }) {
  const [apiKey, setApiKey] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveKitKey();
  const test = useTestTypedKey();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = () => {
    if (!apiKey.trim()) return setError(KIT_MESSAGES.apiKeyRequired);
    setError(undefined);
    save.mutate(apiKey.trim(), {
      onSuccess: () => {
        notifySuccess('Kit API key saved');
        setApiKey('');
        test.reset();
        onDone();
      },
      // A validation message names the problem; anything else is "Failed to save API key".
      onError: (e) => setError(e instanceof ApiError && e.fields.api_key ? e.fields.api_key : KIT_MESSAGES.saveFailed),
    });
  };

  return (
    <form
      className="space-y-4"
      aria-label="Kit API key"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor={inputId}>{canCancel ? 'New API key' : 'API key'}</Label>
        <div className="relative">
          <Input
            id={inputId}
            type={shown ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="pr-11 font-mono"
            value={apiKey}
            onChange={(e) => {
              setApiKey(e.target.value);
              test.reset();
            }}
          />
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? 'Hide API key' : 'Show API key'}
            className="absolute top-1/2 right-1.5 -translate-y-1/2 cursor-pointer rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
          >
            {shown ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          </button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      {test.data ? <ConnectionLine result={test.data} /> : null}
      {test.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {test.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4 text-white" /> : null} Save API Key
        </Button>
        <Button variant="secondary" disabled={!apiKey.trim() || test.isPending} onClick={() => test.mutate(apiKey.trim())}>
          {test.isPending ? <Spinner className="size-4" /> : <PlugZap aria-hidden />} Test Key
        </Button>
        {canCancel ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
