import type { ImageDto, ImageUsage } from '@shared/images/api.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';

export interface DeleteRequest {
  images: ImageDto[];
  /** The pages using each image, asked just before this dialog opened. */
  usage: ImageUsage;
}

/** Asks before deleting; when a landing page uses an image, names the pages that will lose it. */
export function DeleteDialog({ request, busy, onConfirm, onCancel }: { request: DeleteRequest; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { images, usage } = request;
  const single = images.length === 1;
  const nameOf = (id: string) => images.find((i) => i.id === id)?.name ?? id;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={single ? 'Delete image?' : `Delete ${images.length} images?`}
      description={single ? `"${images[0]!.name}" will be removed from the library and from storage.` : 'They will be removed from the library and from storage.'}
    >
      {usage.length ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{single ? 'This image is used on these landing pages:' : 'Some of these images are used on landing pages:'}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {usage.map((entry) => (
              <li key={entry.id}>
                {single ? null : <span className="font-medium">{nameOf(entry.id)}: </span>}
                {entry.pages.map((p) => `${p.title} (/lp/${p.slug})`).join(', ')}
              </li>
            ))}
          </ul>
          <p className="mt-2">Those pages will show a missing image until you choose another one.</p>
        </div>
      ) : (
        <p className="text-sm text-gray-700">This cannot be undone.</p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy}>
          {usage.length ? 'Delete anyway' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
