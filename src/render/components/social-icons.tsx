import type { ReactNode } from 'react';

/** Simple line icons of the four platforms the socialLinks component offers (drawn for this renderer). */
const ICONS: Readonly<Record<string, ReactNode>> = {
  facebook: <path d="M14 21v-8h2.6l.4-3H14V8.2c0-.9.3-1.5 1.5-1.5H17V4.1c-.3 0-1.2-.1-2.2-.1C12.6 4 11 5.3 11 7.8V10H8.5v3H11v8" />,
  twitter: <path d="M4 4l16 16M20 4L4 20" />,
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5c0-1.7 1-3 2.5-3s2.5 1 2.5 3V17" />
    </>
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5v.01" />
    </>
  ),
};

/** Whether a platform has an icon; a link to another platform shows its name instead. */
export const hasSocialIcon = (platform: string) => Object.hasOwn(ICONS, platform);

/** The platform's icon, decorative: the link's name comes from its text. */
export function SocialIcon({ platform }: { platform: string }) {
  if (!hasSocialIcon(platform)) return null;
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {ICONS[platform]}
    </svg>
  );
}
