import { ImageIcon } from 'lucide-react';
import { useContext, useId, useState } from 'react';
import { splitClassNames } from '@shared/landing-pages/class-names.ts';
import { CSS_REQUEST_LIMITS } from '@shared/landing-pages/api.ts';
import { BUILDER_MESSAGES } from '@shared/landing-pages/builder.ts';
import type { Field } from '@shared/landing-pages/fields.ts';
import { isFlagOn, linesToList, listToLines, numberInput, toFlag } from '@shared/landing-pages/input-rules.ts';
import { extractYouTubeId } from '@shared/landing-pages/youtube.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { ImagePickerContext } from './image-picker.ts';
import type { ClassCheck } from './use-canvas-css.ts';
import { linesToLinkMap, linesToNavigation, linkMapToLines, navigationToLines } from './pair-lines.ts';

/**
 * What a field's input reports: the value to store, and whether it was typed into a text box (a
 * key, which the canvas draws a frame after the field: use-drawn-doc.ts) rather than chosen.
 */
export type OnFieldChange = (value: unknown, typed?: boolean) => void;
const TYPED = true;

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * What the user types, kept while it is not yet a value (a blank line about to hold an item, a
 * number half typed); replaced when the stored value changes some other way (undo, another field).
 */
function useDraft(value: unknown, format: (value: unknown) => string, sameValue: (typed: string, value: unknown) => boolean) {
  const [draft, setDraft] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (!sameValue(draft, value)) setDraft(format(value));
  }
  return [draft, setDraft] as const;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function DraftTextarea({ id, value, format, parse, onChange, rows }: {
  id: string;
  value: unknown;
  format: (value: unknown) => string;
  parse: (typed: string) => unknown;
  onChange: OnFieldChange;
  rows?: number;
}) {
  const [draft, setDraft] = useDraft(value, format, (typed, stored) => sameJson(parse(typed), stored));
  return (
    <Textarea
      id={id}
      rows={rows ?? 4}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        onChange(parse(event.target.value), TYPED);
      }}
    />
  );
}

/** What is wrong with a class the server checked, or null when it is valid. */
function classProblem(name: string, check: ClassCheck): string | null {
  if (check.unknown.has(name) || name.length > CSS_REQUEST_LIMITS.classLength) return BUILDER_MESSAGES.invalidClass(name);
  if (check.notAllowed.has(name)) return BUILDER_MESSAGES.notAllowedClass(name);
  if (check.offSite.has(name)) return BUILDER_MESSAGES.offSiteClass(name);
  return null;
}

/**
 * Each class of a Tailwind class input, marked as Tailwind knows it or not, or as left out
 * for reaching outside its element or loading from another site; such classes stay in the input. A
 * class typed since the last check waits for the next one (it is asked once typing pauses).
 */
function ClassVerdicts({ value, check }: { value: unknown; check: ClassCheck | null }) {
  const names = splitClassNames(value);
  if (!check || names.length === 0) return null;
  return (
    <ul className="mt-1.5 space-y-0.5 text-xs" aria-label="Class check">
      {names.map((name) => {
        const problem = classProblem(name, check);
        if (problem) {
          return (
            <li key={name} className="text-red-700">
              ✗ {problem}
            </li>
          );
        }
        return check.asked.has(name) ? (
          <li key={name} className="text-green-800">
            ✓ {BUILDER_MESSAGES.validClass(name)}
          </li>
        ) : (
          <li key={name} className="text-gray-600">
            {BUILDER_MESSAGES.checkingClass(name)}
          </li>
        );
      })}
    </ul>
  );
}

/** A whole number with a few choices (a grid's 1-4 columns) is picked from a list. */
const fewChoices = (field: Extract<Field, { kind: 'number' }>) => field.step === 1 && field.max - field.min < 6;

/** One prop's input, by its field's kind. `onChange` gets the value to store. */
export function FieldInput({ field, value, onChange, classCheck }: {
  field: Field;
  value: unknown;
  onChange: OnFieldChange;
  classCheck: ClassCheck | null;
}) {
  const id = useId();
  if (field.kind === 'flag') return <Checkbox label={field.label} checked={isFlagOn(value)} onChange={(event) => onChange(toFlag(event.target.checked))} />;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {field.label}
        {field.kind === 'lines' || field.kind === 'linkMap' || field.kind === 'navigation' ? <span className="font-normal text-gray-500"> (one per line)</span> : null}
      </Label>
      <FieldControl id={id} field={field} value={value} onChange={onChange} />
      {field.kind === 'classes' ? <ClassVerdicts value={value} check={classCheck} /> : null}
      {field.kind === 'number' && !fewChoices(field) ? (
        <p className="text-xs text-gray-500">
          {field.min}–{field.max}, step {field.step}
        </p>
      ) : null}
    </div>
  );
}

function NumberControl({ id, field, value, onChange }: { id: string; field: Extract<Field, { kind: 'number' }>; value: unknown; onChange: OnFieldChange }) {
  const [draft, setDraft] = useDraft(value, text, (typed, stored) => Number(typed) === Number(stored));
  return (
    <Input
      id={id}
      type="number"
      inputMode="decimal"
      min={field.min}
      max={field.max}
      step={field.step}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        if (event.target.value.trim() !== '') onChange(numberInput(field, event.target.value), TYPED);
      }}
      onBlur={() => setDraft(text(value))}
    />
  );
}

function FieldControl({ id, field, value, onChange }: { id: string; field: Field; value: unknown; onChange: OnFieldChange }) {
  switch (field.kind) {
    case 'choice':
      return (
        <Select id={id} value={text(value)} onChange={(event) => onChange(event.target.value)}>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      );
    case 'number':
      if (fewChoices(field)) {
        const choices = Array.from({ length: field.max - field.min + 1 }, (_, index) => String(field.min + index));
        return (
          <Select id={id} value={text(value)} onChange={(event) => onChange(Number(event.target.value))}>
            {choices.map((choice) => (
              <option key={choice}>{choice}</option>
            ))}
          </Select>
        );
      }
      return <NumberControl id={id} field={field} value={value} onChange={onChange} />;
    case 'lines':
      return <DraftTextarea id={id} value={value} format={listToLines} parse={linesToList} onChange={onChange} />;
    case 'linkMap':
      return <DraftTextarea id={id} value={value} format={linkMapToLines} parse={linesToLinkMap} onChange={onChange} />;
    case 'navigation':
      return <DraftTextarea id={id} value={value} format={navigationToLines} parse={linesToNavigation} onChange={onChange} />;
    case 'longText':
      return <Textarea id={id} rows={4} value={text(value)} onChange={(event) => onChange(event.target.value, TYPED)} />;
    case 'color':
      return (
        <div className="flex gap-2">
          <Input id={id} value={text(value)} onChange={(event) => onChange(event.target.value, TYPED)} />
          <input
            type="color"
            aria-label={`${field.label}: pick a colour`}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-gray-300"
            value={/^#[0-9a-f]{6}$/i.test(text(value)) ? text(value) : '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      );
    case 'image':
      return <ImageControl id={id} label={field.label} value={value} onChange={onChange} />;
    case 'youtube':
      return <YouTubeControl id={id} value={value} onChange={onChange} />;
    case 'url':
      return <Input id={id} type="text" inputMode="url" value={text(value)} onChange={(event) => onChange(event.target.value, TYPED)} />;
    default:
      return <Input id={id} value={text(value)} onChange={(event) => onChange(event.target.value, TYPED)} />;
  }
}

/**
 * A YouTube video: what is typed or pasted (a watch, short, embed or shorts address, extra
 * parameters and all, or the id) stores the bare id; the box shows the id once the field is left.
 * Text that names no video stores nothing: it stays in the box to correct, with an error from the
 * moment the field is left until it names one, and the stored video stays.
 */
function YouTubeControl({ id, value, onChange }: { id: string; value: unknown; onChange: OnFieldChange }) {
  const [draft, setDraft] = useDraft(value, text, (typed, stored) => (extractYouTubeId(typed) ?? typed.trim()) === stored);
  const [invalid, setInvalid] = useState(false);
  const errorId = `${id}-error`;
  const refused = (typed: string) => typed.trim() !== '' && extractYouTubeId(typed) === null;
  return (
    <>
      <Input
        id={id}
        type="text"
        inputMode="url"
        value={draft}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          const typed = event.target.value;
          setDraft(typed);
          if (refused(typed)) return;
          setInvalid(false);
          onChange(extractYouTubeId(typed) ?? '', TYPED);
        }}
        onBlur={() => {
          if (refused(draft)) setInvalid(true);
          else setDraft(text(value));
        }}
      />
      {invalid ? (
        <p id={errorId} className="text-xs text-red-700">
          {BUILDER_MESSAGES.youTubeInvalid}
        </p>
      ) : null}
    </>
  );
}

/** An image's address, typed or picked from the image library (issue #13). */
function ImageControl({ id, label, value, onChange }: { id: string; label: string; value: unknown; onChange: OnFieldChange }) {
  const picker = useContext(ImagePickerContext);
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-2">
      <Input id={id} type="text" inputMode="url" value={text(value)} onChange={(event) => onChange(event.target.value, TYPED)} />
      {picker ? (
        <>
          <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>
            {/* The field's name is heard first; what is seen stays part of the name (WCAG 2.5.3). */}
            <ImageIcon className="size-4" aria-hidden /> <span className="sr-only">{label}: </span>Choose from library
          </Button>
          {open ? (
            <picker.Picker
              open
              onOpenChange={setOpen}
              useLabel="Use"
              landingPageId={picker.landingPageId}
              onUse={(url) => {
                onChange(url);
                setOpen(false);
              }}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
