import type { ImageDto } from '@shared/images/api.ts';
import { Card } from '@web/components/ui/card.tsx';
import { PageHeader } from '@web/components/ui/page-header.tsx';
import { ImageLibraryPanel } from './image-library.tsx';

/** Copies the image's full address, for pasting into a page or an email. */
async function copyUrl(url: string, image: ImageDto) {
  const absolute = new URL(url, window.location.origin).href;
  await navigator.clipboard.writeText(absolute).catch(() => window.prompt(`Copy the address of ${image.name}:`, absolute));
}

/** The image library as a CRM screen (the builder opens the same library as a modal). */
export default function ImagesPage() {
  return (
    <>
      <PageHeader title="Images" description="Upload, edit and organise the images your landing pages show." />
      <Card className="p-4 sm:p-6">
        <ImageLibraryPanel onUse={(url, image) => void copyUrl(url, image)} useLabel="Copy URL" />
      </Card>
    </>
  );
}
