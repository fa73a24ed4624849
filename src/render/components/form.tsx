import { COMPONENT_DEFINITIONS } from '../../shared/landing-pages/component-definitions.ts';
import { BUTTON_TYPES, INPUT_TYPES, type BUTTON_VARIANTS } from '../../shared/landing-pages/constants.ts';
import { isFlagOn } from '../../shared/landing-pages/input-rules.ts';
import { readProps } from '../../shared/landing-pages/read-props.ts';
import { mergeClassNames } from '../class-merge.ts';
import { elementId, formFieldName } from '../form-fields.ts';
import { nodeStyle, type NodeProps } from '../render-context.ts';
import { RENDER_MESSAGES } from '../render-messages.ts';
import { linkOf } from './linked-text.tsx';

const BUTTON_BASE =
  'inline-flex items-center justify-center rounded-lg px-5 py-2.5 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

/** The look of each button variant (primary, secondary, outline, ghost; the colours are the theme's). */
const BUTTON_VARIANT_CLASSES: Readonly<Record<(typeof BUTTON_VARIANTS)[number], string>> = {
  primary: 'bg-primary-600 text-white hover:bg-primary-700',
  secondary: 'bg-gray-100 text-gray-900 hover:bg-gray-200',
  outline: 'border border-primary-600 bg-transparent text-primary-700 hover:bg-primary-50',
  ghost: 'bg-transparent text-primary-700 hover:bg-primary-50',
};

/** A button's classes; links that act as buttons (a call to action) look the same. */
export function buttonClasses(variant: (typeof BUTTON_VARIANTS)[number]): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANT_CLASSES[variant] ?? BUTTON_VARIANT_CLASSES.primary}`;
}

export function Button({ node }: NodeProps) {
  const props = readProps(node, 'button');
  const className = mergeClassNames(buttonClasses(props.variant), props.tailwindClasses);
  // A converted link keeps its address: a link drawn as a button.
  const href = linkOf(node);
  if (href) {
    return (
      <a href={href} className={className} style={nodeStyle(node)}>
        {props.text}
      </a>
    );
  }
  const type = BUTTON_TYPES.includes(props.type) ? props.type : 'button';
  return (
    <button type={type} className={className} style={nodeStyle(node)}>
      {props.text}
    </button>
  );
}

const FIELD = 'space-y-1';
const CONTROL =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-500 focus:border-primary-600 focus:outline-2 focus:outline-primary-600';
const CHOICE = 'flex items-start gap-2';
const CHOICE_CONTROL = 'mt-1 size-4 shrink-0 accent-primary-600';

/** What a browser may fill a field with, for the names the lead endpoint knows. */
const AUTOCOMPLETE: Readonly<Record<string, string>> = { full_name: 'name', email: 'email', phone: 'tel' };

/** A visible label for every field: its own, else its placeholder, else the type's name. */
function FieldLabel({ htmlFor, text, required, className = 'block text-sm font-medium text-gray-700' }: { htmlFor: string; text: string; required: boolean; className?: string }) {
  return (
    <label htmlFor={htmlFor} className={className}>
      {text}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

const labelOf = (label: string, type: keyof typeof COMPONENT_DEFINITIONS, placeholder = '') => label || placeholder || COMPONENT_DEFINITIONS[type].label;

export function Input({ node }: NodeProps) {
  const props = readProps(node, 'input');
  const id = elementId(node.id, 'field');
  const name = formFieldName('input', props);
  const required = isFlagOn(props.required);
  return (
    <div className={mergeClassNames(FIELD, props.tailwindClasses)} style={nodeStyle(node)}>
      <FieldLabel htmlFor={id} text={labelOf(props.label, 'input', props.placeholder)} required={required} />
      <input
        id={id}
        name={name}
        type={INPUT_TYPES.includes(props.type) ? props.type : 'text'}
        placeholder={props.placeholder || undefined}
        required={required}
        autoComplete={AUTOCOMPLETE[name]}
        className={CONTROL}
      />
    </div>
  );
}

export function Textarea({ node }: NodeProps) {
  const props = readProps(node, 'textarea');
  const id = elementId(node.id, 'field');
  const required = isFlagOn(props.required);
  return (
    <div className={mergeClassNames(FIELD, props.tailwindClasses)} style={nodeStyle(node)}>
      <FieldLabel htmlFor={id} text={labelOf(props.label, 'textarea', props.placeholder)} required={required} />
      <textarea
        id={id}
        name={formFieldName('textarea', props)}
        rows={props.rows}
        placeholder={props.placeholder || undefined}
        required={required}
        className={CONTROL}
      />
    </div>
  );
}

export function Select({ node }: NodeProps) {
  const props = readProps(node, 'select');
  const id = elementId(node.id, 'field');
  const required = isFlagOn(props.required);
  return (
    <div className={mergeClassNames(FIELD, props.tailwindClasses)} style={nodeStyle(node)}>
      <FieldLabel htmlFor={id} text={labelOf(props.label, 'select')} required={required} />
      <select id={id} name={formFieldName('select', props)} required={required} className={CONTROL}>
        {/* A required select starts on an empty choice, so 'required' means the visitor picked one; another shows its first option, as the page it came from did. */}
        {required ? <option value="">{RENDER_MESSAGES.selectPlaceholder}</option> : null}
        {props.options.map((option, index) => (
          <option key={index} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox sends 'true' when ticked (and nothing when not, as every form does). */
export function Checkbox({ node }: NodeProps) {
  const props = readProps(node, 'checkbox');
  const id = elementId(node.id, 'field');
  const required = isFlagOn(props.required);
  return (
    <div className={mergeClassNames(CHOICE, props.tailwindClasses)} style={nodeStyle(node)}>
      <input
        id={id}
        type="checkbox"
        name={formFieldName('checkbox', props)}
        value="true"
        defaultChecked={isFlagOn(props.checked)}
        required={required}
        className={CHOICE_CONTROL}
      />
      <FieldLabel htmlFor={id} text={labelOf(props.label, 'checkbox')} required={required} className="text-gray-800" />
    </div>
  );
}

/** Radios of one group share its name and send the chosen one's label. */
export function Radio({ node }: NodeProps) {
  const props = readProps(node, 'radio');
  const id = elementId(node.id, 'field');
  const label = labelOf(props.label, 'radio');
  const required = isFlagOn(props.required);
  return (
    <div className={mergeClassNames(CHOICE, props.tailwindClasses)} style={nodeStyle(node)}>
      <input
        id={id}
        type="radio"
        name={formFieldName('radio', props)}
        value={label}
        defaultChecked={isFlagOn(props.checked)}
        required={required}
        className={CHOICE_CONTROL}
      />
      <FieldLabel htmlFor={id} text={label} required={required} className="text-gray-800" />
    </div>
  );
}
