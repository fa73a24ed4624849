import type { ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NEW_PAGE_ID } from '@shared/landing-pages/builder.ts';
import { TEMPLATE_PARAM } from '@shared/landing-pages/templates/index.ts';
import { LoadingScreen } from '@web/components/ui/spinner.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useBuilderPage } from './builder-api.ts';
import { BuilderEditor } from './builder-editor.tsx';
import { ImagePickerContext, type ImagePickerProps } from './image-picker.ts';

/**
 * /crm/landing-pages/{id}/builder, and /crm/landing-pages/new/builder for a page not saved yet. After
 * the first save the address becomes the page's own; the saved page is already in the query cache
 * then, so the editor (same element, same place) keeps its state and history. `imagePicker` is the
 * image library the image fields pick from, composed in by the app.
 */
export default function BuilderPage({ imagePicker }: { imagePicker?: ComponentType<ImagePickerProps> }) {
  const { id = NEW_PAGE_ID } = useParams();
  const pageId = id === NEW_PAGE_ID ? null : id;
  // A new page may start from a template (?template=webinar); an id no template has gives the default page.
  const [params] = useSearchParams();
  const templateId = pageId ? null : params.get(TEMPLATE_PARAM);
  const query = useBuilderPage(pageId);
  usePageMeta({ title: 'Landing Page Builder' });
  if (pageId && query.isPending) return <LoadingScreen />;
  if (pageId && query.isError)
    return (
      <div className="flex h-dvh items-center justify-center p-6" role="alert">
        <p className="text-gray-800">{query.error.message}</p>
      </div>
    );
  const editor = <BuilderEditor page={query.data ?? null} templateId={templateId} />;
  if (!imagePicker) return editor;
  return <ImagePickerContext value={{ Picker: imagePicker, landingPageId: pageId ?? undefined }}>{editor}</ImagePickerContext>;
}
