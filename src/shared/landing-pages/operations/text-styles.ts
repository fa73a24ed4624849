import { joinClassNames, splitClassNames } from '../class-names.ts';
import { definitionOf } from '../component-definitions.ts';
import { HEADING_LEVEL_CLASSES, HEADING_LEVELS, type HeadingLevel } from '../constants.ts';
import { DocumentError } from '../document-error.ts';
import { isFlagOn } from '../input-rules.ts';
import { MODEL_MESSAGES } from '../messages.ts';
import { locate, shareIndex } from '../node-index.ts';
import { updateNodeAt } from '../tree.ts';
import type { PageContent } from '../types.ts';

export const TEXT_STYLES = ['italic', 'bold', 'underline'] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

/**
 * The class each state of a text style sets, and the classes of the same CSS property that it
 * replaces (any font weight for bold, any text-decoration line for underline). Classes with a
 * variant (md:font-bold, hover:underline) are the user's own and stay.
 */
const TEXT_STYLE_CLASSES: Readonly<Record<TextStyle, { on: string; off: string; replaces: ReadonlySet<string> }>> = {
  italic: { on: 'italic', off: 'not-italic', replaces: new Set(['italic', 'not-italic']) },
  bold: {
    on: 'font-bold',
    off: 'font-normal',
    replaces: new Set(['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'].map((w) => `font-${w}`)),
  },
  underline: { on: 'underline', off: 'no-underline', replaces: new Set(['underline', 'overline', 'line-through', 'no-underline']) },
};

/** Every class some heading level sets: what choosing another level replaces. */
const LEVEL_CLASSES = new Set(Object.values(HEADING_LEVEL_CLASSES).flatMap((classes) => splitClassNames(classes)));

/**
 * Turns italic, bold or underline on or off for a heading or paragraph: the flag flips ('true' /
 * 'false') and the classes of the old state give way to the new one's.
 */
export function toggleTextStyle(doc: PageContent, args: { id: string; style: TextStyle }): PageContent {
  const { node, path } = locate(doc, args.id);
  const field = path.length > 1 ? definitionOf(node.type)?.fields[args.style] : undefined;
  if (field?.kind !== 'flag') throw new DocumentError('not-allowed', MODEL_MESSAGES.noTextStyle(node.type, args.style));
  const on = !isFlagOn(node.props[args.style] ?? field.default);
  const classes = TEXT_STYLE_CLASSES[args.style];
  const kept = splitClassNames(node.props.tailwindClasses).filter((name) => !classes.replaces.has(name));
  const tailwindClasses = joinClassNames([...kept, on ? classes.on : classes.off]);
  const next = updateNodeAt(doc, path, (current) => ({ ...current, props: { ...current.props, [args.style]: on ? 'true' : 'false', tailwindClasses } }));
  shareIndex(doc, next);
  return next;
}

/**
 * Sets a heading's level and with it the level's class string: the classes of any level
 * give way to the new level's, the heading's other classes stay, and so do its text style flags'
 * (bold keeps font-bold over the level's weight). The font size a new heading starts with (its
 * type's default style) is dropped, since it would outrank the level's size class; a font size the
 * user set is theirs and stays.
 */
export function setHeadingLevel(doc: PageContent, args: { id: string; level: HeadingLevel }): PageContent {
  const { node, path } = locate(doc, args.id);
  if (node.type !== 'heading' || path.length === 1) throw new DocumentError('not-allowed', MODEL_MESSAGES.wrongType('heading', node.type));
  if (!HEADING_LEVELS.includes(args.level)) throw new DocumentError('invalid-value', MODEL_MESSAGES.invalidValue('Level', `'${args.level}' is not h1 to h6`));
  const flagged = TEXT_STYLES.filter((style) => isFlagOn(node.props[style])).map((style) => TEXT_STYLE_CLASSES[style]);
  const levelClasses = splitClassNames(HEADING_LEVEL_CLASSES[args.level]).filter((name) => !flagged.some((style) => style.replaces.has(name)));
  const kept = splitClassNames(node.props.tailwindClasses).filter((name) => !LEVEL_CLASSES.has(name) || flagged.some((style) => style.on === name));
  const tailwindClasses = joinClassNames([...levelClasses, ...kept]);
  const startingSize = definitionOf('heading')?.defaultStyles.fontSize;
  const next = updateNodeAt(doc, path, (current) => {
    const { fontSize, ...others } = current.styles;
    const styles = fontSize === undefined || fontSize === startingSize ? others : current.styles;
    return { ...current, props: { ...current.props, level: args.level, tailwindClasses }, styles };
  });
  shareIndex(doc, next);
  return next;
}
