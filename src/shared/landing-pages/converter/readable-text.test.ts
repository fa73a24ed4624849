import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../testing/fixtures.ts';
import { walk } from '../tree.ts';
import type { ComponentNode, PageContent } from '../types.ts';
import { convertHtml } from './convert-html.ts';
import { cssColour } from './readable-text.ts';

/** Converting a page keeps its text readable: colours come with the backgrounds they were chosen for, or go. */

function convert(html: string): PageContent {
  const result = convertHtml(html, { makeId: sequentialIds() });
  if (!result.ok) throw new Error(result.message);
  return result.sections;
}

/** The node whose text (or, for a section, first heading's text) starts with `text`. */
function nodeWith(sections: PageContent, text: string): ComponentNode {
  let found: ComponentNode | undefined;
  walk(sections, (node) => {
    if (!found && String((node as ComponentNode).props.text ?? '').startsWith(text)) found = node as ComponentNode;
  });
  if (!found) throw new Error(`no node with ${text}`);
  return found;
}

describe('colours from the page’s own CSS', () => {
  it('a section takes the background and colour its <style> gives it, under its style attribute', () => {
    const [hero] = convert(`<style>.hero { background: #0f3d3e url(https://cdn.example/hero.jpg) center / cover; color: #fff } .hero h1 { color: #f2b134 }</style>
      <section class="hero" style="padding: 4rem"><h1>Readable</h1><p>Always</p></section><section><h2>Next</h2><p>More</p></section>`);
    expect(hero!.styles.customCSS).toBe(
      'background-image: url("https://cdn.example/hero.jpg"); background-color: #0f3d3e; background-position: center; background-size: cover; color: #fff; padding: 4rem',
    );
    expect(nodeWith([hero!], 'Readable').styles.customCSS).toBe('color: #f2b134');
  });

  it('a section shows the colours of what it is taken out of (the body, a wrapper) when it sets none', () => {
    const sections = convert(`<style>body { background-color: #111827; color: #e5e7eb }</style><body><div class="page"><section><h1>Dark page</h1></section><section class="light" style="background: #fff; color: #111"><h2>Light band</h2></section></div></body>`);
    expect(sections[0]!.styles.customCSS).toBe('color: #e5e7eb; background-color: #111827');
    expect(sections[1]!.styles.customCSS).toBe('background: #fff; color: #111');
  });

  it('text keeps the colour of a span around all of it (site builders colour the words, not the block)', () => {
    const sections = convert(`<style>#top { background-color: #2e3d32 }</style><header id="top"><p style="font-size:22px"><span style="color:#F4EFE6">STILLWATER YOGA</span></p><p>Other</p></header>`);
    expect(nodeWith(sections, 'STILLWATER').styles.customCSS).toBe('font-size: 22px; color: #F4EFE6');
  });

  it('a table cell’s bgcolor comes along as its background (e-mail layouts)', () => {
    const sections = convert(`<table><tr><td bgcolor="#2d2a26" style="color:#c9c3b8"><p>Footer words here</p><p>And more</p></td></tr><tr><td><h1>Title</h1><p>Body</p></td></tr></table>`);
    expect(JSON.stringify(sections)).toContain('background-color: #2d2a26; color: #c9c3b8');
  });

  it('a page without CSS of its own converts as before: styles only from style attributes', () => {
    const sections = convert(`<section class="py-8" style="color: red"><h1>Plain</h1><p>Page</p></section>`);
    expect(sections[0]!.styles).toEqual({ customCSS: 'color: red' });
  });
});

describe('text colour without its background', () => {
  it('white text whose dark background came from a stylesheet the converter cannot read goes', () => {
    // The theme's CSS (not in the page) drew the caption's dark overlay.
    const sections = convert(`<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css">
      <section><div class="portfolio-box-caption"><div class="project-category text-white-50">Coaching</div><div class="project-name text-white">Mindful Leadership</div></div></section>`);
    expect(nodeWith(sections, 'Coaching').props.tailwindClasses).toBe('project-category');
    expect(nodeWith(sections, 'Mindful').props.tailwindClasses).toBe('project-name');
  });

  it('white text keeps its colour on the background it was chosen for, translated from the framework', () => {
    const sections = convert(`<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css">
      <header class="masthead bg-primary text-white"><h1 class="text-white">Websites that bring in clients</h1><p class="lead text-white-75">Fixed prices.</p></header>`);
    expect(sections[0]!.props.tailwindClasses).toBe('masthead bg-blue-600 text-white');
    expect(nodeWith(sections, 'Websites').props.tailwindClasses).toContain('text-white');
    expect(nodeWith(sections, 'Fixed').props.tailwindClasses).toBe('text-xl font-light text-white/75');
  });

  it('dark text on a dark background turns light; a ghost link on a dark band reads too', () => {
    const sections = convert(`<section class="bg-gray-900"><h2 class="text-gray-800">Hard to read</h2><p>Inherits the page colour</p><a href="/more">More</a></section>`);
    expect(nodeWith(sections, 'Hard').props.tailwindClasses).toBe('text-3xl font-semibold text-white');
    expect(nodeWith(sections, 'Inherits').props.tailwindClasses).toBe('text-white');
    expect(nodeWith(sections, 'More').props.tailwindClasses).toBe('text-white');
  });

  it('text on a picture or gradient is left as it is (what is behind it is not known)', () => {
    const sections = convert(`<section class="bg-gradient-to-r from-indigo-500"><h2 class="text-white">On a gradient</h2></section><section style="background-image:url(https://x.example/a.jpg)"><p class="text-white">On a photo</p></section>`);
    expect(nodeWith(sections, 'On a gradient').props.tailwindClasses).toContain('text-white');
    expect(nodeWith(sections, 'On a photo').props.tailwindClasses).toBe('text-white');
  });
});

describe('weighing a CSS colour', () => {
  it('reads hex, rgb() and rgba(), and the plain names', () => {
    expect(cssColour('#fff')).toEqual({ luminance: 1, alpha: 1 });
    expect(cssColour('#00000080')?.alpha).toBeCloseTo(0.5, 2);
    expect(cssColour('rgb(255, 255, 255)')).toEqual({ luminance: 1, alpha: 1 });
    expect(cssColour('rgba(0,0,0,0.25)')).toEqual({ luminance: 0, alpha: 0.25 });
    expect(cssColour('rgb(0 0 0 / 50%)')).toEqual({ luminance: 0, alpha: 0.5 });
    expect(cssColour('black')).toEqual({ luminance: 0, alpha: 1 });
    expect(cssColour('papayawhip')).toBeUndefined();
    expect(cssColour('rgb(300, 0, 0)')).toBeUndefined();
  });
});
