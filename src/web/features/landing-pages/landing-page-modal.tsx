import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import {
  LANDING_PAGE_MESSAGES,
  landingPageFormSchema,
  PAGE_CHANGED_CODE,
  type LandingPage,
  type LandingPageFormInput,
  type LandingPageFormValues,
} from '@shared/landing-pages/api.ts';
import { SAFETY_MESSAGES } from '@shared/landing-pages/builder.ts';
import { PUBLIC_PAGE_BASE, SLUG_MESSAGES, slugError } from '@shared/landing-pages/slug.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { Field } from '@web/components/ui/field.tsx';
import { FormActions } from '@web/components/ui/form-actions.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Textarea } from '@web/components/ui/textarea.tsx';
import { ApiError } from '@web/lib/api.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { fetchLandingPage, useLandingPage, useMarkSlugTaken, useSaveLandingPage, useSlugCheck } from './landing-pages-api.ts';
import { notifyError, notifySuccess } from '@web/lib/notify.tsx';
import { PAGE_NOTICES } from './page-notices.ts';
import { PAGE_TYPE_OPTIONS } from './page-types.ts';
import { slugAfterTitleChange, slugCheckState, type SlugCheckAnswer } from './slug-field.ts';
import { SlugInput } from './slug-input.tsx';

/** How long the slug must rest before it is checked: one request per pause in typing. */
const SLUG_CHECK_DELAY_MS = 300;

const FIELDS = ['title', 'slug', 'content', 'page_type', 'is_active'] as const;
type PageField = (typeof FIELDS)[number];
const isPageField = (name: string): name is PageField => (FIELDS as readonly string[]).includes(name);

/**
 * The Add/Edit Landing Page dialog. Editing loads the page's whole content first
 * (the list carries only a preview). `pageId` null adds a page.
 */
export function LandingPageModal({ pageId, onClose }: { pageId: string | null; onClose: () => void }) {
  const existing = useLandingPage(pageId);
  const title = pageId ? 'Edit Landing Page' : 'Add Landing Page';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} className="sm:max-w-2xl">
      {pageId === null ? (
        <LandingPageForm page={null} onClose={onClose} />
      ) : existing.data ? (
        <LandingPageForm page={existing.data} onClose={onClose} />
      ) : existing.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-8 text-center">
          <p className="text-sm text-red-700">{PAGE_NOTICES.openFailed}</p>
          <Button variant="secondary" onClick={() => existing.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center justify-center gap-3 py-12 text-sm text-gray-600">
          <Spinner /> Loading landing page...
        </p>
      )}
    </Dialog>
  );
}

function initialValues(page: LandingPage | null): LandingPageFormInput {
  return {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    content: page?.content ?? '',
    // Text typed into this dialog is most often HTML; builder pages come from the builder.
    page_type: page?.page_type ?? 'html',
    is_active: page?.is_active ?? true,
  };
}

function LandingPageForm({ page, onClose }: { page: LandingPage | null; onClose: () => void }) {
  const save = useSaveLandingPage();
  const markSlugTaken = useMarkSlugTaken();
  const form = useForm<LandingPageFormInput, unknown, LandingPageFormValues>({
    resolver: zodResolver(landingPageFormSchema),
    // Rules speak once a field was left, then follow every keystroke.
    mode: 'onTouched',
    defaultValues: initialValues(page),
  });
  const { errors, touchedFields, isSubmitted } = form.formState;
  // The version the form's values start from; a save someone else made since is a conflict, shown
  // with the page as stored now so the user picks: their version (reload) or this one (overwrite).
  const [baseVersion, setBaseVersion] = useState(page?.version ?? 0);
  const [conflict, setConflict] = useState<LandingPage | null>(null);
  const slugField = useController({ control: form.control, name: 'slug' });
  const excludeId = page?.id ?? null;

  const slug = useWatch({ control: form.control, name: 'slug' });
  const settledSlug = useDebouncedValue(slug, SLUG_CHECK_DELAY_MS);
  const check = useSlugCheck(slugError(settledSlug) === null ? settledSlug : null, excludeId);
  // A cached answer being refreshed is not trusted: someone may have taken the slug since.
  const answer: SlugCheckAnswer = check.isError ? 'failed' : check.isFetching || !check.data ? 'pending' : check.data;
  const checkState = slugCheckState(slug, settledSlug, answer);

  // The title the slug was last derived from: the slug follows the title until it is edited by hand.
  const previousTitle = useRef(page?.title ?? '');
  const titleField = form.register('title');
  const followTitle = (title: string) => {
    const current = form.getValues('slug');
    const derived = slugAfterTitleChange(current, previousTitle.current, title);
    previousTitle.current = title;
    if (derived !== current) form.setValue('slug', derived, { shouldDirty: true, shouldValidate: Boolean(touchedFields.slug) || isSubmitted });
  };

  const saveFrom = (base: number) => form.handleSubmit(async (values) => {
    // The button is disabled in these states; Enter in a field must not slip past it either.
    if (checkState === 'checking' || checkState === 'taken') return;
    try {
      await save.mutateAsync({ id: excludeId, values, baseVersion: base });
      notifySuccess(page ? PAGE_NOTICES.updated : PAGE_NOTICES.created);
      onClose();
    } catch (error) {
      if (excludeId && error instanceof ApiError && error.code === PAGE_CHANGED_CODE) {
        const current = await fetchLandingPage(excludeId).catch(() => null);
        if (current) return setConflict(current);
      }
      const fields = error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => isPageField(name)) : [];
      if (fields.length === 0) return notifyError(PAGE_NOTICES.saveFailed, error);
      // Another save took the slug after the live check said it was free: the check now says so too.
      if (error instanceof ApiError && error.fields.slug === SLUG_MESSAGES.taken) markSlugTaken(values.slug, excludeId);
      fields.forEach(([name, message], i) => form.setError(name as PageField, { message }, { shouldFocus: i === 0 }));
    }
  });
  const onSubmit = saveFrom(baseVersion);

  const isActive = useWatch({ control: form.control, name: 'is_active' });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={page ? 'Edit Landing Page' : 'Add Landing Page'}>
      <Field label="Title" error={errors.title?.message}>
        <Input
          required
          autoComplete="off"
          placeholder="e.g. Spring Sale"
          {...titleField}
          onChange={(event) => {
            void titleField.onChange(event);
            followTitle(event.target.value);
          }}
        />
      </Field>
      <SlugInput
        value={slugField.field.value}
        onChange={slugField.field.onChange}
        onBlur={slugField.field.onBlur}
        inputRef={slugField.field.ref}
        error={errors.slug?.message}
        checkState={checkState}
      />
      <Field label="Content" error={errors.content?.message} hint="HTML, or the builder’s JSON for a builder page.">
        <Textarea required rows={10} spellCheck={false} className="font-mono text-xs leading-relaxed" {...form.register('content')} />
      </Field>
      <Field label="Page type" error={errors.page_type?.message}>
        <Select {...form.register('page_type')}>
          {PAGE_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox
        label="Active"
        description={isActive ? `Visitors can open it at ${PUBLIC_PAGE_BASE}/${slug || '…'}` : 'Visitors see “Page Not Found” until it is activated.'}
        {...form.register('is_active')}
      />
      {conflict ? (
        // Brought into view: the form may be scrolled to its top when the refusal comes.
        <div ref={(box) => box?.scrollIntoView({ block: 'nearest' })} role="alert" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-medium">{LANDING_PAGE_MESSAGES.pageChanged(conflict.updated_at.toLocaleString(), conflict.updated_by?.email ?? null)}</p>
          <p>{SAFETY_MESSAGES.conflictHint}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => {
                setBaseVersion(conflict.version);
                previousTitle.current = conflict.title;
                form.reset(initialValues(conflict));
                setConflict(null);
              }}
            >
              {SAFETY_MESSAGES.reloadLoseMine}
            </Button>
            <Button
              type="button"
              size="sm"
              onClick={() => {
                setBaseVersion(conflict.version);
                setConflict(null);
                void saveFrom(conflict.version)();
              }}
            >
              {SAFETY_MESSAGES.overwriteKeepMine}
            </Button>
          </div>
        </div>
      ) : null}
      <FormActions
        onCancel={onClose}
        busy={save.isPending}
        disabled={checkState === 'checking' || checkState === 'taken'}
        submitLabel={page ? 'Save Changes' : 'Create Page'}
      />
    </form>
  );
}
