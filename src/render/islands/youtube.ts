import { CONSENT_ACCEPTED, CONSENT_STORAGE_KEY } from '../../shared/site/consent.ts';
import { ISLAND_ATTRIBUTES as A } from '../islands.ts';

/**
 * YouTube videos on a public landing page load only after consent: each box carries its
 * privacy-enhanced embed address; a click on its button (or consent given on this site before)
 * swaps in the player. Nothing is requested from YouTube before that.
 */
function load(box: HTMLElement) {
  const src = box.getAttribute(A.youtubeSrc);
  if (!src) return;
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = box.getAttribute(A.youtubeTitle) ?? 'YouTube video';
  frame.allow = 'autoplay; encrypted-media; picture-in-picture';
  frame.allowFullscreen = true;
  frame.setAttribute('style', 'width:100%;height:100%;border:0');
  box.replaceChildren(frame);
}

let consented = false;
try {
  consented = localStorage.getItem(CONSENT_STORAGE_KEY) === CONSENT_ACCEPTED;
} catch {
  // Storage blocked: ask by button.
}
for (const box of document.querySelectorAll<HTMLElement>(`[${A.youtube}]`)) {
  if (consented) load(box);
  else box.querySelector(`[${A.youtubeLoad}]`)?.addEventListener('click', () => load(box));
}
