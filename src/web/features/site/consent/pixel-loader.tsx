import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useConsent } from './consent-store.ts';
import { pixelLoaded, startPixel, trackPixel } from './meta-pixel.ts';

/** Starts the pixel once consent is given, and counts each later page the visitor opens. */
export function PixelLoader() {
  const consent = useConsent();
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (consent === 'accepted') void startPixel();
  }, [consent]);

  useEffect(() => {
    // The pixel counts the page it starts on itself.
    if (pathname !== firstPath.current && pixelLoaded()) trackPixel('PageView');
    firstPath.current = pathname;
  }, [pathname]);

  return null;
}
