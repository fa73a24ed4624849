/**
 * A published landing page, measured against a static file in one run (needs `npm run build`, for
 * the islands' scripts):
 * 1. a 30-component builder page served from /lp/{slug} and the very same bytes served as a static
 *    file by the same server, side by side at 50 connections on loopback: requests per second, p50
 *    and p99 (goal: at least half the static file's rate, p99 under 25 ms); and the same page with an
 *    A/B test running (50 % split, visitors with different browsers, so both variants are served);
 * 2. what a first visit transfers, compressed, for a page with a form and one without (goal: under
 *    30 kB with CSS and JS; no JavaScript at all without interactive parts);
 * 3. Lighthouse mobile for both (goal 98 or more, TBT under 100 ms), and performance and SEO for a
 *    page made from a template (the webinar sign-up) as an owner publishes it (goal 100 and 100).
 *
 *   npx tsx bench/lp.ts [web dir, default dist/web]
 */
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite } from '../src/server/db/client.ts';
import { landingPages, landingPageTests } from '../src/server/db/schema.ts';
import { createComponent, createGridCell, createSection } from '../src/shared/landing-pages/create.ts';
import { serializeContent } from '../src/shared/landing-pages/parse-content.ts';
import { findTemplate } from '../src/shared/landing-pages/templates/index.ts';
import type { ComponentNode, PageContent } from '../src/shared/landing-pages/types.ts';
import { findChromium } from '../tests/e2e/helpers/browser.ts';
import { lighthouse } from './helpers/lighthouse.ts';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  /** Requests each connection sends in turn (here: different browsers, so different visitors). */
  requests?: Array<{ headers: Record<string, string> }>;
}) => Promise<AutocannonResult>;

const WEB_DIR = path.resolve(process.argv[2] ?? 'dist/web');
const CONNECTIONS = 50;
const SECONDS = Number(process.env.LP_BENCH_SECONDS ?? 10);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** A realistic sales page: hero, benefits in a grid, testimonials, pricing, FAQ text, (a form). */
function salesPage(withForm: boolean): PageContent {
  const c = createComponent;
  const grid = (cells: ComponentNode[][]): ComponentNode => {
    const g = c('grid', { columns: cells.length, columnWidths: cells.map(() => '1fr').join(' ') });
    return { ...g, components: cells.map((children, i) => ({ ...createGridCell(i), components: children })) };
  };
  const section = (classes: string, components: ComponentNode[]) => ({ ...createSection('section', { tailwindClasses: classes }), components });
  return [
    section('bg-primary-700 px-6 py-20 text-center text-white', [
      c('heading', { text: 'Coaching that turns goals into habits', level: 'h1', tailwindClasses: 'text-4xl font-bold md:text-5xl' }),
      c('paragraph', { text: 'Twelve weeks, one clear goal, and a coach who keeps you on track.', tailwindClasses: 'mt-4 text-xl text-primary-100' }),
      c('button', { text: 'Book a free call', variant: 'secondary', tailwindClasses: 'mt-8' }),
    ]),
    section('mx-auto max-w-6xl px-6 py-16', [
      c('heading', { text: 'What you get', level: 'h2' }),
      grid([
        [c('heading', { text: 'Weekly sessions', level: 'h3' }), c('paragraph', { text: 'A 60-minute call every week, recorded for you.' })],
        [c('heading', { text: 'A plan that fits', level: 'h3' }), c('paragraph', { text: 'Built around your calendar, not the other way round.' })],
        [c('heading', { text: 'Support between calls', level: 'h3' }), c('paragraph', { text: 'Questions answered within a working day.' })],
      ]),
      c('image', { src: '/favicon.svg', alt: 'The coach at work', width: '800px', height: '450px' }),
    ]),
    section('bg-gray-50 px-6 py-16', [
      c('heading', { text: 'What clients say', level: 'h2' }),
      c('testimonial', { quote: 'I finally finished the book I had started three times.', author: 'Anna K.', position: 'Author' }),
      c('testimonial', { quote: 'Clear, kind and relentless. Exactly what I needed.', author: 'Ben W.', position: 'Founder' }),
      c('divider'),
      c('list', { items: ['No long contracts', 'Cancel any week', 'Money-back first month'] }),
    ]),
    section('mx-auto max-w-5xl px-6 py-16', [
      grid([[c('pricingCard', { title: 'Starter', price: '€149', period: '/month' })], [c('pricingCard', { title: 'Pro', price: '€349', period: '/month' })]]),
      c('cta', { title: 'Not sure yet?', description: 'Talk to us for 20 minutes, free.', buttonText: 'Book a call', buttonUrl: '#contact' }),
      c('contactInfo', { email: 'hello@coach.example', phone: '+49 30 123456' }),
      c('socialLinks', { links: { linkedin: 'https://linkedin.com/company/coach', instagram: 'https://instagram.com/coach' } }),
    ]),
    section('mx-auto max-w-xl px-6 py-16', [
      c('heading', { text: 'Get the free guide', level: 'h2' }),
      ...(withForm
        ? [c('input', { type: 'text', label: 'Full name' }), c('input', { type: 'email', label: 'Email', required: 'true' }), c('button', { type: 'submit', text: 'Send me the guide' })]
        : [c('paragraph', { text: 'Write to hello@coach.example and we send it to you.' })]),
      c('spacer'),
    ]),
  ];
}

function componentCount(content: PageContent): number {
  const count = (nodes: readonly ComponentNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.components ?? []), 0);
  return content.reduce((n, section) => n + count(section.components), 0);
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIR, 'assets', 'islands', 'manifest.json'))) throw new Error(`${WEB_DIR} has no islands: run \`npm run build\` first`);
  // A copy of the built app, so the static twin of the page can sit beside it without touching dist/.
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mycrm-lp-bench-'));
  fs.cpSync(WEB_DIR, webDir, { recursive: true });

  const database = await openPglite();
  const template = findTemplate('webinar')!;
  const withForm = salesPage(true);
  await database.db.insert(landingPages).values([
    // With search and link-preview settings, so the head carries what a published page's does.
    {
      title: 'Coaching',
      slug: 'coaching',
      content: serializeContent(withForm),
      page_type: 'builder',
      settings: { description: 'One-to-one coaching for professionals who learn with AI: plan, practise and keep what you learn.', social_title: 'Coaching that sticks' },
    },
    { title: 'Coaching (no form)', slug: 'coaching-static', content: serializeContent(salesPage(false)), page_type: 'builder' },
    { title: 'Coaching (A/B)', slug: 'coaching-ab', content: serializeContent(withForm), page_type: 'builder' },
    // Saved as it comes from the gallery: its settings are the defaults taken from the page itself.
    { title: template.title, slug: template.slug, content: serializeContent(template.make()), page_type: 'builder' },
  ]);
  // An A/B test on coaching-ab: variant B is the same page with another heading, inactive on its own.
  const [a] = await database.db.select().from(landingPages).where(eq(landingPages.slug, 'coaching-ab'));
  const variantContent = serializeContent(withForm).replace('Coaching that turns goals into habits', 'Coaching that sticks');
  const [b] = await database.db.insert(landingPages).values({ title: 'Coaching (B)', slug: 'coaching-ab-b', content: variantContent, page_type: 'builder', is_active: false }).returning();
  await database.db.insert(landingPageTests).values({ page_a_id: a!.id, page_b_id: b!.id, split_percent: 50 });
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), webDir };

  // First the page's own bytes, written as a static file (with the .br/.gz twins the build makes for every asset).
  const probe = await buildApp({ config, database });
  const page = await probe.inject({ method: 'GET', url: '/lp/coaching' });
  await probe.close();
  const html = Buffer.from(page.body, 'utf8');
  fs.writeFileSync(path.join(webDir, 'static-twin.html'), html);
  fs.writeFileSync(path.join(webDir, 'static-twin.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(webDir, 'static-twin.html.gz'), zlib.gzipSync(html, { level: 9 }));

  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    console.log(`\n/lp/{slug} against a static file, same bytes, same server (${componentCount(withForm)} components, ${kb(html.length)} of HTML; ${CONNECTIONS} connections, ${SECONDS} s each, brotli)`);
    console.log(`  ${'target'.padEnd(30)} ${'req/s'.padStart(9)} ${'p50'.padStart(7)} ${'p99'.padStart(7)}  errors`);
    const headers = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (bench) Chrome/130.0' };
    const results: Record<string, AutocannonResult> = {};
    // Sixteen visitors (one address, sixteen browsers): the A/B test serves some A, some B.
    const visitors = Array.from({ length: 16 }, (_, i) => ({ headers: { ...headers, 'user-agent': `Mozilla/5.0 (bench visitor ${i}) Chrome/130.0` } }));
    // Each twice, interleaved, so a noisy moment on the shared machine hurts both alike; the better run counts.
    for (const round of [1, 2]) {
      for (const [name, url] of [['static file', '/static-twin.html'], ['/lp/coaching', '/lp/coaching'], ['/lp A/B test running', '/lp/coaching-ab']] as const) {
        const requests = url === '/lp/coaching-ab' ? visitors : undefined;
        const result = await autocannon({ url: `${base}${url}`, connections: CONNECTIONS, duration: SECONDS, headers, requests });
        console.log(`  ${`${name} (run ${round})`.padEnd(30)} ${result.requests.average.toFixed(0).padStart(9)} ${`${result.latency.p50} ms`.padStart(7)} ${`${result.latency.p99} ms`.padStart(7)}  ${result.errors + result.non2xx}`);
        if (!results[name] || result.requests.average > results[name].requests.average) results[name] = result;
      }
    }
    const lp = results['/lp/coaching']!;
    const ratio = lp.requests.average / results['static file']!.requests.average;
    console.log(`  /lp serves ${(ratio * 100).toFixed(0)} % of the static file's rate (goal 50 % or more), p99 ${lp.latency.p99} ms (goal under 25 ms): ${ratio >= 0.5 && lp.latency.p99 < 25 ? 'met' : 'NOT met'}`);
    const ab = results['/lp A/B test running']!;
    const abRatio = ab.requests.average / results['static file']!.requests.average;
    console.log(`  with an A/B test running ${(abRatio * 100).toFixed(0)} % of the static file's rate, p99 ${ab.latency.p99} ms (same goals): ${abRatio >= 0.5 && ab.latency.p99 < 25 ? 'met' : 'NOT met'}`);

    console.log(`\nWhat a first visit transfers (brotli, as the server sends it)`);
    for (const slug of ['coaching', 'coaching-static']) {
      const res = await fetch(`${base}/lp/${slug}`, { headers: { 'accept-encoding': 'br' } });
      const text = await res.text();
      const htmlBytes = zlib.brotliCompressSync(Buffer.from(text)).length;
      const scripts = [...text.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]!);
      const jsBytes = scripts.reduce((sum, src) => sum + fs.statSync(path.join(webDir, `${src}.br`)).size, 0);
      const css = /<style>([\s\S]*?)<\/style>/.exec(text)?.[1] ?? '';
      console.log(
        `  /lp/${slug.padEnd(18)} HTML with inline CSS ${kb(htmlBytes).padStart(8)} (CSS ${kb(css.length)} raw)  JS ${kb(jsBytes).padStart(7)} in ${scripts.length} file(s)  total ${kb(htmlBytes + jsBytes)}: ${htmlBytes + jsBytes < 30 * 1024 && (slug !== 'coaching-static' || scripts.length === 0) ? 'met' : 'NOT met'}`,
      );
    }

    const chromePath = findChromium();
    if (chromePath) {
      await lighthouse(base, chromePath, ['/lp/coaching', '/lp/coaching-static'], LIGHTHOUSE_RUNS, 98);
      await lighthouse(base, chromePath, [`/lp/${template.slug}`], LIGHTHOUSE_RUNS, 100, 100);
    } else console.log('\nLighthouse skipped: Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH)');
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  }
}

await main();
