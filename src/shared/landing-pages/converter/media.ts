import type { Element } from 'domhandler';
import { extractYouTubeId } from '../youtube.ts';
import { attr, childrenNamed, findElement, lengthAttr } from './dom.ts';
import type { UrlResolver } from './urls.ts';

/** Images, videos and embedded frames as the props of the image, video and youtube components. */

export type MediaProps =
  | { readonly type: 'image'; readonly props: Record<string, unknown> }
  | { readonly type: 'video'; readonly props: Record<string, unknown> }
  | { readonly type: 'youtube'; readonly props: Record<string, unknown> };

/** Lazy-loading scripts keep the real address in a data attribute and a placeholder in src. */
const LAZY_SOURCES = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-srcset'];

function firstOfSrcset(srcset: string | undefined): string | undefined {
  return srcset?.split(',')[0]?.trim().split(/\s+/)[0];
}

function imageSource(img: Element, urls: UrlResolver): string | undefined {
  const src = attr(img, 'src');
  const lazy = LAZY_SOURCES.map((name) => (name.endsWith('srcset') ? firstOfSrcset(attr(img, name)) : attr(img, name))).find(Boolean);
  const placeholder = !src || src.startsWith('data:') || /(?:^|\/)(?:blank|spacer|placeholder|pixel)\.(?:gif|png)$/i.test(src);
  return urls.src(placeholder && lazy ? lazy : src) ?? urls.src(firstOfSrcset(attr(img, 'srcset')));
}

export function imageProps(img: Element, urls: UrlResolver): MediaProps | undefined {
  // <picture>: the <img> inside, or its first <source> when the <img> has no address.
  const inner = img.name === 'picture' ? findElement(img, (el) => el.name === 'img') : img;
  let src = inner ? imageSource(inner, urls) : undefined;
  if (!src && img.name === 'picture') {
    const source = childrenNamed(img, 'source')[0];
    src = source ? urls.src(firstOfSrcset(attr(source, 'srcset'))) : undefined;
  }
  if (!src) return undefined;
  const el = inner ?? img;
  return {
    type: 'image',
    props: {
      src,
      alt: attr(el, 'alt') ?? '',
      title: attr(el, 'title') ?? '',
      // No size in the markup: none inline either, so the classes (h-8 w-auto ...) decide as they did.
      width: lengthAttr(el, 'width') ?? '',
      height: lengthAttr(el, 'height') ?? '',
    },
  };
}

const flag = (el: Element, name: string) => (el.attribs[name] !== undefined ? 'true' : 'false');

export function videoProps(video: Element, urls: UrlResolver): MediaProps | undefined {
  const source = childrenNamed(video, 'source').find((child) => attr(child, 'src'));
  const src = urls.src(attr(video, 'src') ?? attr(video, 'data-src') ?? (source ? attr(source, 'src') : undefined));
  if (!src) return undefined;
  const youtube = extractYouTubeId(src);
  if (youtube) return youtubeProps(youtube, video, src);
  return {
    type: 'video',
    props: {
      src,
      poster: urls.src(attr(video, 'poster')) ?? '',
      controls: flag(video, 'controls'),
      autoplay: flag(video, 'autoplay'),
      muted: flag(video, 'muted'),
      loop: flag(video, 'loop'),
      ...size(video),
    },
  };
}

function size(el: Element): { width?: string; height?: string } {
  const width = lengthAttr(el, 'width');
  const height = lengthAttr(el, 'height');
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) };
}

function youtubeProps(videoId: string, el: Element, src: string | undefined): MediaProps {
  let params = new URLSearchParams();
  try {
    if (src) params = new URL(src, 'https://www.youtube.com').searchParams;
  } catch {
    // An address extractYouTubeId read but URL does not: no player settings to carry over.
  }
  return {
    type: 'youtube',
    props: {
      videoId,
      title: attr(el, 'title') ?? 'YouTube video',
      autoplay: params.get('autoplay') === '1' ? 'true' : 'false',
      muted: params.get('mute') === '1' ? 'true' : 'false',
      controls: params.get('controls') === '0' ? 'false' : 'true',
      rel: params.get('rel') === '1' ? 'true' : 'false',
      ...size(el),
    },
  };
}

/** An `<iframe>` of a YouTube player (youtube.com or youtube-nocookie.com, lazy data-src included). */
export function frameProps(frame: Element): MediaProps | undefined {
  const src = attr(frame, 'src') || attr(frame, 'data-src');
  const videoId = src ? extractYouTubeId(src) : null;
  return videoId ? youtubeProps(videoId, frame, src) : undefined;
}

/**
 * YouTube players that a script builds later: `<lite-youtube videoid>`, elements with a
 * data-youtube-id, and Elementor's video widget (its settings JSON holds the address).
 */
export function scriptedYouTube(el: Element): MediaProps | undefined {
  const direct = attr(el, 'videoid') ?? attr(el, 'data-youtube-id') ?? attr(el, 'data-ytid');
  if (direct && (el.name === 'lite-youtube' || attr(el, 'data-youtube-id') || attr(el, 'data-ytid'))) {
    const id = extractYouTubeId(direct);
    if (id) return youtubeProps(id, el, undefined);
  }
  const settings = el.attribs['data-settings'];
  if (settings && settings.includes('youtube_url')) {
    try {
      const url = (JSON.parse(settings) as { youtube_url?: unknown }).youtube_url;
      const id = typeof url === 'string' ? extractYouTubeId(url) : null;
      if (id) return youtubeProps(id, el, url as string);
    } catch {
      // Not JSON: not a video widget we can read.
    }
  }
  return undefined;
}
