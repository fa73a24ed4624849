/**
 * A rendered page is finished HTML; the few interactive parts are marked with data attributes that
 * a small script (an island) picks up. The server ships an island's script only with a page that
 * holds its marker, so a page without forms or videos ships no JavaScript at all. The mobile menu of
 * heroWithNavigation is a <details> element and needs no script.
 *
 * - lead form: <form data-lead-form method="post" action={VIEWER_PATHS.leads.path({ slug })}> ending with
 *   <p data-lead-status role="status">. It works as a plain form; the island may send it in the
 *   background and write the result into the status paragraph.
 * - YouTube: <div data-youtube-embed data-youtube-id data-embed-src data-title> holding a
 *   <button data-youtube-load>. On the click the island replaces the box's content with
 *   <iframe src={data-embed-src} title={data-title} allow="autoplay; encrypted-media; picture-in-picture"
 *   allowfullscreen style="width:100%;height:100%;border:0">: nothing loads from YouTube before that.
 */
export const ISLAND_ATTRIBUTES = {
  leadForm: 'data-lead-form',
  leadStatus: 'data-lead-status',
  youtube: 'data-youtube-embed',
  youtubeId: 'data-youtube-id',
  youtubeSrc: 'data-embed-src',
  youtubeTitle: 'data-title',
  youtubeLoad: 'data-youtube-load',
} as const;

export type Island = 'lead-form' | 'youtube';

/*
 * A marker is the first attribute of its element ('<form data-lead-form="'): the page's own text is
 * escaped ('<' becomes '&lt;') and the author's classes come later, so nothing else can look like one.
 */
const MARKERS: ReadonlyArray<readonly [Island, RegExp]> = [
  ['lead-form', new RegExp(`<form ${ISLAND_ATTRIBUTES.leadForm}[=\\s/>]`)],
  ['youtube', new RegExp(`<div ${ISLAND_ATTRIBUTES.youtube}[=\\s/>]`)],
];

/** The islands a rendered page needs, by the markers in its HTML; none for a page without interactive parts. */
export function islandsInHtml(html: string): Island[] {
  return MARKERS.filter(([, marker]) => marker.test(html)).map(([island]) => island);
}
