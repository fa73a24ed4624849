import { isComponentType } from '../shared/landing-pages/component-definitions.ts';
import { parseContent } from '../shared/landing-pages/parse-content.ts';
import { walk } from '../shared/landing-pages/tree.ts';
import type { NodePath, PageContent, SectionNode } from '../shared/landing-pages/types.ts';
import { VIEWER_MESSAGES, VIEWER_PATHS } from '../shared/landing-pages/viewer.ts';
import { mergeClassNames } from './class-merge.ts';
import { Intro } from './components/layout.tsx';
import { anchorOf } from './components/linked-text.tsx';
import { containsFormFields } from './form-fields.ts';
import { ISLAND_ATTRIBUTES } from './islands.ts';
import { nodeStyle, type RenderContext } from './render-context.ts';
import { pageRenderContext } from './render-node.tsx';
import { RENDER_MESSAGES } from './render-messages.ts';
import { ConsentStatement } from './viewer/consent-statement.tsx';
import { LeadStatus } from './viewer/lead-status.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A section of the page with its classes, background and styles. On a public page (the context has
 * a slug) a section holding form fields anywhere inside is wrapped in one form posting to the page's
 * lead endpoint, its last child the status line that announces the result. The form sits outside
 * the section, so the section's classes (space-y-4, flex, grid) still reach its components.
 */
export function RenderSection({ section, ctx }: { section: SectionNode; ctx: RenderContext }) {
  // Form fields show the consent statement wherever there is one (the builder's canvas too).
  const fields = (ctx.slug !== undefined || ctx.consent !== undefined) && containsFormFields(section);
  const form = fields && ctx.slug !== undefined;
  const element = (
    <section id={anchorOf(section)} className={mergeClassNames('', [text(section.props.background), text(section.props.tailwindClasses)].join(' '))} style={nodeStyle(section)}>
      <Intro title={text(section.props.title)} description={text(section.props.description)} />
      {ctx.renderChildren(section, ctx)}
      {fields ? <ConsentStatement consent={ctx.consent} /> : null}
      {form ? <LeadStatus /> : null}
    </section>
  );
  if (!form) return element;
  return (
    <form {...{ [ISLAND_ATTRIBUTES.leadForm]: '' }} method="post" action={VIEWER_PATHS.leads.path({ slug: ctx.slug! })}>
      {element}
    </form>
  );
}

/** Every section of a page, in a <main>. */
export function RenderPage({ content, ctx }: { content: PageContent; ctx: RenderContext }) {
  return (
    <main>
      {content.map((section) => (
        <RenderSection key={section.id} section={section} ctx={ctx} />
      ))}
    </main>
  );
}

const MAX_DETAILS = 20;

function describePath(path: NodePath): string {
  return path.map((index, level) => (level === 0 ? `sections[${index}]` : `.components[${index}]`)).join('');
}

/** Where the page uses a component type the renderer does not know, one line per node. */
function unknownTypeProblems(content: PageContent): { type: string; details: string[] } | null {
  let first: string | null = null;
  const details: string[] = [];
  walk(content, (node, path) => {
    if (path.length === 1 || isComponentType(node.type)) return;
    first ??= node.type;
    if (details.length < MAX_DETAILS) details.push(`${RENDER_MESSAGES.unknownAt(describePath(path), node.id)}: ${VIEWER_MESSAGES.unknownType(node.type)}`);
  });
  return first === null ? null : { type: first, details };
}

/** What a page shows instead of its content when that cannot be rendered: the reason and its details. */
export function ContentErrorPanel({ message, details }: { message: string; details: readonly string[] }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-6 py-12">
      <div role="alert" className="w-full max-w-2xl rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <h1 className="text-xl font-semibold">{VIEWER_MESSAGES.invalidContent}</h1>
        <p className="mt-2">{message}</p>
        {details.length > 0 ? (
          <ul className="mt-4 list-disc space-y-1 pl-5 font-mono text-sm break-words">
            {details.map((detail, index) => (
              <li key={index}>{detail}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </main>
  );
}

function NoContent() {
  return (
    <main className="flex min-h-screen items-center justify-center px-6">
      <p className="text-lg text-gray-600">{VIEWER_MESSAGES.noContent}</p>
    </main>
  );
}

/**
 * The body of a builder page at /lp/{slug}: its stored content
 * rendered, with forms posting to the page's lead endpoint. Content that is not a valid page, or
 * that uses a type the renderer does not know, shows an error panel with the details instead;
 * content without sections shows 'No content to display'. `ctx` replaces the public page's context
 * (the server renders a large page in slices through its own).
 */
export function BuilderPageBody({ content, slug, ctx }: { content: string | null | undefined; slug?: string; ctx?: RenderContext }) {
  if (content == null || content.trim() === '') return <NoContent />;
  const parsed = parseContent(content);
  if (!parsed.ok) return <ContentErrorPanel message={parsed.message} details={parsed.details} />;
  if (parsed.content.length === 0) return <NoContent />;
  const unknown = unknownTypeProblems(parsed.content);
  if (unknown) return <ContentErrorPanel message={VIEWER_MESSAGES.unknownType(unknown.type)} details={unknown.details} />;
  return <RenderPage content={parsed.content} ctx={ctx ?? pageRenderContext(slug)} />;
}
