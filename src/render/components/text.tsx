import { HEADING_LEVELS } from '../../shared/landing-pages/constants.ts';
import { isFlagOn } from '../../shared/landing-pages/input-rules.ts';
import { readProps } from '../../shared/landing-pages/read-props.ts';
import { mergeClassNames } from '../class-merge.ts';
import { nodeStyle, type NodeProps } from '../render-context.ts';
import { anchorOf, LinkedText, linkText, textLinks } from './linked-text.tsx';

/**
 * The italic, bold and underline flags as classes. Toggling a flag also writes its class into
 * tailwindClasses (operations/text-styles.ts); content from elsewhere may carry only the flag.
 */
function textStyleClasses(props: { italic: string; bold: string; underline: string }): string {
  return [isFlagOn(props.italic) && 'italic', isFlagOn(props.bold) && 'font-bold', isFlagOn(props.underline) && 'underline'].filter(Boolean).join(' ');
}

export function Heading({ node }: NodeProps) {
  const props = readProps(node, 'heading');
  const Tag = HEADING_LEVELS.includes(props.level) ? props.level : 'h2';
  return (
    <Tag id={anchorOf(node)} className={mergeClassNames(textStyleClasses(props), props.tailwindClasses)} style={nodeStyle(node)}>
      <LinkedText text={props.text} links={textLinks(node)} />
    </Tag>
  );
}

export function Paragraph({ node }: NodeProps) {
  const props = readProps(node, 'paragraph');
  return (
    <p id={anchorOf(node)} className={mergeClassNames(`whitespace-pre-line ${textStyleClasses(props)}`, props.tailwindClasses)} style={nodeStyle(node)}>
      <LinkedText text={props.text} links={textLinks(node)} />
    </p>
  );
}

export function List({ node }: NodeProps) {
  const props = readProps(node, 'list');
  const ordered = props.type === 'ol';
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag className={mergeClassNames(`${ordered ? 'list-decimal' : 'list-disc'} space-y-1 pl-6`, props.tailwindClasses)} style={nodeStyle(node)}>
      {listItems(props.items, textLinks(node))}
    </Tag>
  );
}

/** The items, each with the links found in it; the links are stored for the list as a whole, in order. */
function listItems(items: readonly string[], links: ReturnType<typeof textLinks>) {
  let next = 0;
  return items.map((item, index) => {
    const linked = linkText(item, links, next);
    next = linked.next;
    return <li key={index}>{linked.pieces}</li>;
  });
}
