import { ArrowLeft } from 'lucide-react';

/** The way back to the webinar page, at the foot of the thank-you and replay pages. */
export function BackToWebinar({ label }: { label: string }) {
  return (
    <p className="text-center">
      <a href="/learning-ecosystem-webinar" className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {label}
      </a>
    </p>
  );
}
