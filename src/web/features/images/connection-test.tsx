import { PlugZap } from 'lucide-react';
import { useState } from 'react';
import { connectionFailedMessage, IMAGE_MESSAGES } from '@shared/images/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { testConnection } from './images-api.ts';
import type { BannerTone } from './library-banner.tsx';

/** The Test Connection button: database and storage, reported in the library's banner. */
export function ConnectionTestButton({ onResult }: { onResult: (tone: BannerTone, text: string, detail?: string) => void }) {
  const [testing, setTesting] = useState(false);
  const run = async () => {
    setTesting(true);
    onResult('info', IMAGE_MESSAGES.testing);
    try {
      const result = await testConnection();
      if (result.ok) onResult('success', IMAGE_MESSAGES.connectionSucceeded, result.message);
      else onResult('error', connectionFailedMessage(result.message));
    } catch (error) {
      onResult('error', connectionFailedMessage((error as Error).message));
    } finally {
      setTesting(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={run} disabled={testing}>
      <PlugZap aria-hidden /> Test Connection
    </Button>
  );
}
