import { RotateCcw } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ImageDto } from '@shared/images/api.ts';
import { EDITOR_CONTROLS, initialCrop, initialSettings, type EditorControl, type EditorSettings } from '@shared/images/editor.ts';
import { uploadFailedMessage } from '@shared/images/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog } from '@web/components/ui/dialog.tsx';
import { ProgressBar } from '@web/components/ui/progress.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { CropBox } from './crop-box.tsx';
import { canvasSizeFor, cropToJpeg, drawEdited, editedName, pixelRatioFor } from './editor-drawing.ts';
import { uploadImageFile } from './images-api.ts';

const CONTROL_ORDER: EditorControl[] = ['scale', 'rotation', 'brightness', 'contrast', 'saturation'];
const showValue = (control: EditorControl, value: number) =>
  control === 'scale' ? `${value.toFixed(1)}${EDITOR_CONTROLS.scale.unit}` : `${value}${EDITOR_CONTROLS[control].unit}`;

/**
 * The Image Editor: crop, scale, rotate and adjust colours on a canvas, then save
 * the result as a new image (JPEG, quality 0.9); the original stays as it was.
 */
export function ImageEditor({ image, onClose, onSaved }: { image: ImageDto; onClose: () => void; onSaved: (image: ImageDto) => void }) {
  const canvas = useMemo(() => canvasSizeFor(image), [image]);
  const ratio = pixelRatioFor(image, canvas);
  const [picture, setPicture] = useState<ImageBitmap | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [settings, setSettings] = useState<EditorSettings>(initialSettings);
  const [crop, setCrop] = useState(() => initialCrop(canvas));
  const [saving, setSaving] = useState<{ progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const id = useId();

  // The stored format itself (not a WebP or AVIF variant), read as a bitmap: same-origin, so the canvas can be exported.
  useEffect(() => {
    let current: ImageBitmap | null = null;
    let cancelled = false;
    fetch(image.url, { headers: { accept: image.mime_type } })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`${response.status}`))))
      .then((blob) => createImageBitmap(blob))
      .then((bitmap) => {
        current = bitmap;
        if (cancelled) bitmap.close();
        else setPicture(bitmap);
      })
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
      current?.close();
    };
  }, [image.url, image.mime_type]);

  useEffect(() => {
    if (picture && canvasRef.current) drawEdited(canvasRef.current, picture, settings, canvas, ratio);
  }, [picture, settings, canvas, ratio]);

  const save = async () => {
    setError(null);
    setSaving({ progress: 0 });
    const name = editedName(image.name);
    try {
      const blob = await cropToJpeg(canvasRef.current!, crop, ratio);
      const saved = await uploadImageFile(blob, name, { landingPageId: image.landing_page_id ?? undefined, onProgress: (progress) => setSaving({ progress }) });
      onSaved(saved);
    } catch (failure) {
      setError(uploadFailedMessage(name, (failure as Error).message));
      setSaving(null);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()} title="Edit Image" description={image.name} className="sm:max-w-5xl">
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div>
          <div className="relative mx-auto w-full select-none" style={{ maxWidth: canvas.width, aspectRatio: `${canvas.width} / ${canvas.height}` }}>
            <canvas ref={canvasRef} role="img" aria-label={`Preview of ${image.name} with your changes`} className="block size-full rounded-md bg-gray-100" />
            {picture ? <CropBox crop={crop} canvas={canvas} hintId={`${id}-hint`} onChange={setCrop} /> : null}
            {!picture && !loadFailed ? (
              <div className="absolute inset-0 flex items-center justify-center" role="status">
                <Spinner />
                <span className="sr-only">Loading the image...</span>
              </div>
            ) : null}
          </div>
          {loadFailed ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              The image could not be loaded for editing.
            </p>
          ) : null}
          <p id={`${id}-hint`} className="mt-3 text-xs text-gray-600">
            Drag the box or its handles to crop. Keyboard: arrow keys move the box, Shift + arrow keys resize it. The crop is {Math.round(crop.width)} × {Math.round(crop.height)} px on
            this canvas.
          </p>
        </div>

        <div className="flex flex-col gap-4">
          {CONTROL_ORDER.map((control) => {
            const c = EDITOR_CONTROLS[control];
            const inputId = `${id}-${control}`;
            return (
              <div key={control}>
                <div className="mb-1 flex items-center justify-between text-sm">
                  <label htmlFor={inputId} className="font-medium text-gray-800">
                    {c.label}
                  </label>
                  <output htmlFor={inputId} className="text-gray-600 tabular-nums">
                    {showValue(control, settings[control])}
                  </output>
                </div>
                <input
                  id={inputId}
                  type="range"
                  min={c.min}
                  max={c.max}
                  step={c.step}
                  value={settings[control]}
                  aria-valuetext={showValue(control, settings[control])}
                  onChange={(event) => setSettings((s) => ({ ...s, [control]: Number(event.target.value) }))}
                  className="w-full accent-brand-600"
                />
              </div>
            );
          })}
          <Button variant="secondary" onClick={() => setSettings(initialSettings())}>
            <RotateCcw aria-hidden /> Reset Filters
          </Button>

          {saving ? <ProgressBar value={saving.progress * 100} max={100} label="Saving the edited image" /> : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-auto flex flex-col gap-2">
            <Button onClick={save} disabled={!picture || Boolean(saving)}>
              {saving ? 'Saving...' : 'Save Edited Image'}
            </Button>
            <Button variant="ghost" onClick={onClose} disabled={Boolean(saving)}>
              Cancel
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
