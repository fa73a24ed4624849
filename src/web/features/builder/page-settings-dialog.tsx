import { useContext, useMemo, useState } from 'react';
import { socialImageUrl } from '@shared/images/urls.ts';
import {
  PAGE_SETTINGS_LIMITS,
  PAGE_SETTINGS_MESSAGES as M,
  pageDefaults,
  pageSettingsSchema,
  type PageSettings,
  type PageSettingsTextField,
} from '@shared/landing-pages/page-settings.ts';
import type { PageContent } from '@shared/landing-pages/types.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { ImagePickerContext } from './image-picker.ts';

type Draft = Record<PageSettingsTextField, string> & { noindex: boolean };
type Errors = Partial<Record<keyof Draft, string>>;

const draftOf = (settings: PageSettings): Draft => ({
  description: settings.description ?? '',
  social_title: settings.social_title ?? '',
  social_description: settings.social_description ?? '',
  social_image: settings.social_image ?? '',
  canonical: settings.canonical ?? '',
  favicon: settings.favicon ?? '',
  noindex: settings.noindex ?? false,
});

/** 'n / max', and past the recommended length, why shorter is better. */
function Counter({ value, limits }: { value: string; limits: { recommended: number; max: number } }) {
  const length = value.trim().length;
  return (
    <span className={length > limits.recommended ? 'text-amber-800' : 'text-gray-600'}>
      {length} / {limits.recommended} characters{length > limits.recommended ? `. ${M.longerThanShown(limits.recommended)}` : ''}
    </span>
  );
}

const placeholderOf = (value: string | undefined) => (value ? M.fromPage(value) : M.noDefault);

/** A library image for one setting: chosen in the image library, shown small, removable. */
function ImageSetting({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (url: string) => void }) {
  const picker = useContext(ImagePickerContext);
  const [open, setOpen] = useState(false);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-700">{label}</legend>
      {value ? <img src={value} alt="" className="h-16 w-28 rounded border border-gray-200 object-cover" /> : null}
      <div className="flex flex-wrap gap-2">
        {picker ? (
          <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>
            {value ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
          </Button>
        ) : null}
        {value ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange('')}>
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {picker && open ? (
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
    </fieldset>
  );
}

/** How a shared link to the page looks in a chat or a social network: image, domain, title, description. */
function SharedLinkPreview({ title, description, image }: { title: string; description?: string; image?: string }) {
  return (
    <figure className="overflow-hidden rounded-lg border border-gray-300 bg-gray-50">
      {image ? (
        <img src={socialImageUrl(image)} alt="" className="aspect-[1200/630] w-full object-cover" />
      ) : (
        <div className="flex aspect-[1200/630] w-full items-center justify-center bg-gray-100 text-sm text-gray-600">No image</div>
      )}
      <figcaption className="space-y-0.5 p-3">
        <p className="text-xs tracking-wide text-gray-600 uppercase">{window.location.host}</p>
        <p className="font-semibold text-gray-900">{title}</p>
        {description ? <p className="line-clamp-2 text-sm text-gray-700">{description}</p> : null}
      </figcaption>
    </figure>
  );
}

/**
 * Page settings: what search engines and shared links show of the page. Empty fields use the page's
 * own first heading, paragraph and image (shown as placeholders). Apply makes one undoable step; the
 * page's next save stores them.
 */
export function PageSettingsDialog({
  doc,
  title,
  settings,
  onApply,
  onClose,
}: {
  doc: PageContent;
  title: string;
  settings: PageSettings;
  onApply: (settings: PageSettings) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const defaults = useMemo(() => pageDefaults(doc), [doc]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const text = (key: PageSettingsTextField) => ({ value: draft[key], onChange: (e: { target: { value: string } }) => set(key, e.target.value) });

  const apply = () => {
    const parsed = pageSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    onApply(parsed.data);
    onClose();
  };

  const description = draft.description.trim() || defaults.paragraph;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={M.dialogTitle} description="What search engines and shared links show of this page." className="sm:max-w-4xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
        className="grid gap-6 md:grid-cols-[1fr_18rem]"
      >
        <div className="space-y-4">
          <Field label="Meta description" error={errors.description} hint={<Counter value={draft.description} limits={PAGE_SETTINGS_LIMITS.description} />}>
            <Textarea rows={3} maxLength={PAGE_SETTINGS_LIMITS.description.max} placeholder={placeholderOf(defaults.paragraph)} {...text('description')} />
          </Field>
          <Field label="Social title" error={errors.social_title} hint={<Counter value={draft.social_title} limits={PAGE_SETTINGS_LIMITS.title} />}>
            <Input maxLength={PAGE_SETTINGS_LIMITS.title.max} placeholder={M.fromPage(title)} {...text('social_title')} />
          </Field>
          <Field label="Social description" error={errors.social_description} hint={<Counter value={draft.social_description} limits={PAGE_SETTINGS_LIMITS.description} />}>
            <Textarea rows={2} maxLength={PAGE_SETTINGS_LIMITS.description.max} placeholder={placeholderOf(description)} {...text('social_description')} />
          </Field>
          <ImageSetting label="Social image" value={draft.social_image} error={errors.social_image} onChange={(url) => set('social_image', url)} />
          {!draft.social_image && defaults.image ? <p className="text-sm text-gray-600">{M.fromPage('the first image')}</p> : null}
          <Field label="Canonical address" error={errors.canonical} hint="Only when this page is a copy of another: the address search engines should list instead.">
            <Input type="url" inputMode="url" placeholder="https://…" {...text('canonical')} />
          </Field>
          <Checkbox
            label="Hide from search engines"
            description="Adds noindex and leaves the page out of the sitemap."
            checked={draft.noindex}
            onChange={(e) => set('noindex', e.target.checked)}
          />
          <ImageSetting label="Favicon" value={draft.favicon} error={errors.favicon} onChange={(url) => set('favicon', url)} />
        </div>
        <section aria-label="Shared link preview" className="space-y-2">
          <h3 className="text-sm font-medium text-gray-700">Shared link preview</h3>
          <SharedLinkPreview
            title={draft.social_title.trim() || title}
            description={draft.social_description.trim() || description}
            image={draft.social_image || defaults.image}
          />
        </section>
        <div className="flex justify-end gap-2 md:col-span-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Apply</Button>
        </div>
      </form>
    </Dialog>
  );
}
