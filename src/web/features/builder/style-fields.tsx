import { useId } from 'react';
import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import { definitionOf } from '@shared/landing-pages/component-definitions.ts';
import { camelToCssProperty, skippedCustomCss } from '@shared/landing-pages/custom-css.ts';
import type { Styles, TreeNode } from '@shared/landing-pages/types.ts';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';

const CUSTOM_CSS = 'customCSS';

/**
 * A node's style controls: one per style its type starts with (a heading's font
 * size) or it holds, and its custom CSS, 'property: value' pairs applied over them. A cleared value
 * removes the style. Classes are the Tailwind input's, among the props.
 */
export function StyleFields({ node, isSection, onChange }: { node: TreeNode; isSection: boolean; onChange: (name: string, value: string | undefined) => void }) {
  const own = isSection ? {} : (definitionOf(node.type)?.defaultStyles ?? {});
  const names = [...new Set([...Object.keys(own), ...Object.keys(node.styles)])].filter((name) => name !== CUSTOM_CSS);
  return (
    <fieldset className="space-y-4 border-t border-gray-200 pt-4">
      <legend className="float-left mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">Styles</legend>
      {names.map((name) => (
        <StyleInput key={name} label={camelToCssProperty(name)} value={node.styles[name]} onChange={(value) => onChange(name, value)} />
      ))}
      <CustomCss value={node.styles[CUSTOM_CSS]} onChange={(value) => onChange(CUSTOM_CSS, value)} />
    </fieldset>
  );
}

const asText = (value: Styles[string] | undefined) => (value === undefined ? '' : String(value));

function StyleInput({ label, value, onChange }: { label: string; value: Styles[string] | undefined; onChange: (value: string | undefined) => void }) {
  const id = useId();
  return (
    <div className="clear-left space-y-1.5">
      <Label htmlFor={id} className="font-mono">
        {label}
      </Label>
      <Input id={id} value={asText(value)} onChange={(event) => onChange(event.target.value.trim() === '' ? undefined : event.target.value)} />
    </div>
  );
}

function CustomCss({ value, onChange }: { value: Styles[string] | undefined; onChange: (value: string | undefined) => void }) {
  const id = useId();
  const hint = useId();
  const text = asText(value);
  const skipped = skippedCustomCss(text);
  return (
    <div className="clear-left space-y-1.5">
      <Label htmlFor={id}>Custom CSS</Label>
      <Textarea
        id={id}
        rows={3}
        className="font-mono"
        placeholder="color: #1f2937; margin-top: 2rem"
        aria-describedby={hint}
        value={text}
        onChange={(event) => onChange(event.target.value.trim() === '' ? undefined : event.target.value)}
      />
      <p id={hint} className={skipped.length > 0 ? 'text-xs text-red-700' : 'text-xs text-gray-500'}>
        {skipped.length > 0 ? BUILDER_MESSAGES.customCssSkipped(skipped) : BUILDER_MESSAGES.customCssHint}
      </p>
    </div>
  );
}
