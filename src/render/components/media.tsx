import { imageSrcSet } from '../../shared/images/urls.ts';
import { isFlagOn } from '../../shared/landing-pages/input-rules.ts';
import { readProps } from '../../shared/landing-pages/read-props.ts';
import type { Styles } from '../../shared/landing-pages/types.ts';
import { extractYouTubeId } from '../../shared/landing-pages/youtube.ts';
import { mergeClassNames } from '../class-merge.ts';
import { ISLAND_ATTRIBUTES } from '../islands.ts';
import { nodeStyle, type NodeProps } from '../render-context.ts';
import { RENDER_MESSAGES } from '../render-messages.ts';
import { safeMediaSrc } from '../safe-url.ts';
import { linkOf } from './linked-text.tsx';

const PLACEHOLDER = 'flex items-center justify-center rounded-lg border-2 border-dashed border-gray-300 bg-gray-50 p-4 text-center text-sm text-gray-600';

/** '400px' or '400' as a number of pixels, for width and height attributes; undefined for '50%', 'auto', ... */
function pixels(length: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)(?:px)?\s*$/.exec(length);
  return match ? Math.round(Number(match[1])) : undefined;
}

/**
 * A media box of the given width and height that still fits a phone: never wider than its parent,
 * and when both are pixels it keeps their aspect ratio as it narrows instead of squashing.
 */
function responsiveBox(width: string, height: string): Styles {
  const w = pixels(width);
  const h = pixels(height);
  if (w && h) return { width: `${w}px`, height: 'auto', maxWidth: '100%', aspectRatio: `${w} / ${h}` };
  return { width, height, maxWidth: '100%' };
}

export function Image({ node }: NodeProps) {
  const props = readProps(node, 'image');
  const src = safeMediaSrc(props.src);
  if (!src) {
    return (
      <div className={mergeClassNames(PLACEHOLDER, props.tailwindClasses)} style={nodeStyle(node, { width: props.width, height: props.height, maxWidth: '100%' })}>
        {RENDER_MESSAGES.noImage}
      </div>
    );
  }
  // An image of our library comes in several widths (?w=480|960|1920): the browser takes the one it needs.
  const srcSet = imageSrcSet(src);
  const shown = pixels(props.width);
  const image = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (shown ? `(max-width: ${shown}px) 100vw, ${shown}px` : '100vw') : undefined}
      alt={props.alt}
      title={props.title || undefined}
      width={pixels(props.width)}
      height={pixels(props.height)}
      loading="lazy"
      decoding="async"
      className={mergeClassNames('block', props.tailwindClasses)}
      style={nodeStyle(node, { ...responsiveBox(props.width, props.height), objectFit: props.objectFit })}
    />
  );
  // A converted image link (a logo, a thumbnail) keeps its address.
  const href = linkOf(node);
  return href ? <a href={href}>{image}</a> : image;
}

export function Video({ node }: NodeProps) {
  const props = readProps(node, 'video');
  const src = safeMediaSrc(props.src);
  const box = { width: props.width, height: props.height, maxWidth: '100%' };
  if (!src) {
    return (
      <div className={mergeClassNames(`${PLACEHOLDER} min-h-40`, props.tailwindClasses)} style={nodeStyle(node, box)}>
        {RENDER_MESSAGES.noVideo}
      </div>
    );
  }
  return (
    <video
      src={src}
      poster={safeMediaSrc(props.poster)}
      controls={isFlagOn(props.controls)}
      autoPlay={isFlagOn(props.autoplay)}
      muted={isFlagOn(props.muted)}
      loop={isFlagOn(props.loop)}
      playsInline
      preload="metadata"
      className={mergeClassNames('block bg-black', props.tailwindClasses)}
      style={nodeStyle(node, box)}
    >
      {RENDER_MESSAGES.videoUnsupported} <a href={src}>{RENDER_MESSAGES.downloadVideo}</a>
    </video>
  );
}

const flag = (value: string) => (isFlagOn(value) ? '1' : '0');

/** The privacy-enhanced embed address (youtube-nocookie.com) with the component's settings as parameters. */
function youTubeEmbedUrl(id: string, props: { autoplay: string; muted: string; controls: string; showInfo: string; rel: string }): string {
  const params = new URLSearchParams({
    autoplay: flag(props.autoplay),
    mute: flag(props.muted),
    controls: flag(props.controls),
    showinfo: flag(props.showInfo),
    rel: flag(props.rel),
  });
  return `https://www.youtube-nocookie.com/embed/${id}?${params}`;
}

/**
 * Nothing is loaded from YouTube until the visitor asks: the page shows the title, a 'Load video'
 * button and a note that YouTube sets cookies; the YouTube island swaps in the iframe on the click
 * (islands.ts). Without scripts, a plain link still leads to the video.
 */
export function YouTube({ node }: NodeProps) {
  const props = readProps(node, 'youtube');
  const id = extractYouTubeId(props.videoId);
  if (!id) {
    return (
      <div role="note" className={mergeClassNames('rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900', props.tailwindClasses)} style={nodeStyle(node)}>
        {RENDER_MESSAGES.invalidYouTube(props.videoId)}
      </div>
    );
  }
  const attributes = {
    [ISLAND_ATTRIBUTES.youtube]: '',
    [ISLAND_ATTRIBUTES.youtubeId]: id,
    [ISLAND_ATTRIBUTES.youtubeSrc]: youTubeEmbedUrl(id, props),
    [ISLAND_ATTRIBUTES.youtubeTitle]: props.title,
  };
  return (
    <div
      {...attributes}
      className={mergeClassNames('min-h-44 overflow-hidden rounded-lg bg-gray-900 text-white', props.tailwindClasses)}
      style={nodeStyle(node, responsiveBox(props.width, props.height))}
    >
      <div className="flex h-full flex-col items-center justify-center gap-3 p-4 text-center">
        <p className="font-semibold">{props.title}</p>
        <button
          type="button"
          {...{ [ISLAND_ATTRIBUTES.youtubeLoad]: '' }}
          className="rounded-full bg-red-600 px-5 py-2 font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {RENDER_MESSAGES.loadVideo}
        </button>
        <p className="max-w-sm text-xs text-gray-300">
          {RENDER_MESSAGES.youtubeConsent}{' '}
          <a href={`https://www.youtube.com/watch?v=${id}`} className="underline hover:text-white">
            {RENDER_MESSAGES.watchOnYouTube}
          </a>
        </p>
      </div>
    </div>
  );
}
