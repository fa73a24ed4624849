import { QueryClientProvider } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '@web/lib/query-client.ts';

/**
 * Sonner's rich colours put their text on pale backgrounds below WCAG's 4.5:1 (its green is 4.3:1);
 * Tailwind's 700/800 shades of the same hues pass. Custom properties, hence the cast.
 */
const TOAST_COLORS = {
  '--success-text': '#065f46',
  '--error-text': '#b91c1c',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
} as CSSProperties;

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* One toast at a time; at the bottom, where it never covers a screen's header actions. */}
      <Toaster position="bottom-right" richColors closeButton visibleToasts={1} style={TOAST_COLORS} />
    </QueryClientProvider>
  );
}
