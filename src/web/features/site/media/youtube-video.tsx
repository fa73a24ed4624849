import { PlayCircle } from 'lucide-react';
import { useContent } from '@web/lib/i18n.ts';
import type { CommonContent } from '@web/features/site/content/types.ts';
import { ConsentGate } from './consent-gate.tsx';

/** A YouTube video through youtube-nocookie.com, after consent; a 16:9 box either way (no layout shift). */
export function YoutubeVideo({ videoId, title }: { videoId: string; title: string }) {
  const { consent: t } = useContent<CommonContent>('common');
  const box = 'aspect-video w-full overflow-hidden rounded-2xl shadow-xl ring-1 ring-black/5';
  if (!videoId) {
    return (
      <div className={`${box} flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-700 to-brand-900 text-white`}>
        <PlayCircle className="size-12 opacity-80" aria-hidden />
        <p className="text-sm">{t.missingVideo}</p>
      </div>
    );
  }
  return (
    <ConsentGate title={t.videoTitle} text={t.videoText} className={box}>
      <iframe
        className={box}
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0`}
        title={title}
        loading="lazy"
        allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </ConsentGate>
  );
}
