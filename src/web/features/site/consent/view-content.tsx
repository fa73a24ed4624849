import { useEffect } from 'react';
import { useConsent } from './consent-store.ts';
import { startPixel, trackPixel } from './meta-pixel.ts';

/**
 * Tells the pixel (when there is one, after consent) that a program or webinar page was viewed.
 * A component of its own, so the consent it reads after hydration re-renders only itself.
 */
export function ViewContent({ name }: { name: string }) {
  const consent = useConsent();
  useEffect(() => {
    if (consent !== 'accepted') return;
    void startPixel().then((running) => running && trackPixel('ViewContent', { content_name: name }));
  }, [consent, name]);
  return null;
}
