import { Check, Pencil, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { parseTagInput, TAG_MESSAGES, type ImageDto } from '@shared/images/api.ts';
import { TAG_MAX_LENGTH, TAGS_MAX } from '@shared/images/constants.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { useUpdateTags } from './images-api.ts';

/** An image's tags as chips, and a small form to change them (comma-separated). */
export function TagsEditor({ image, onError }: { image: ImageDto; onError: (message: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateTags();

  const start = () => {
    setText(image.tags.join(', '));
    setProblem(null);
    setEditing(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const tags = parseTagInput(text);
    const invalid = tags.some((t) => t.length > TAG_MAX_LENGTH) ? TAG_MESSAGES.tooLong : tags.length > TAGS_MAX ? TAG_MESSAGES.tooMany : null;
    if (invalid) return setProblem(invalid);
    update.mutate(
      { id: image.id, tags },
      { onSuccess: () => setEditing(false), onError: (error) => onError(`Failed to save tags: ${error.message}`) },
    );
  };

  if (editing) {
    const problemId = `tags-problem-${image.id}`;
    return (
      <form onSubmit={save} className="flex items-start gap-1">
        <div className="min-w-0 flex-1">
          <Input
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-label={`Tags for ${image.name}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            placeholder="summer, hero, team"
            className="h-8"
          />
          {problem ? (
            <p id={problemId} className="mt-1 text-xs text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="icon" variant="ghost" className="size-8" aria-label="Save tags" disabled={update.isPending}>
          <Check aria-hidden />
        </Button>
        <Button size="icon" variant="ghost" className="size-8" aria-label="Cancel editing tags" onClick={() => setEditing(false)}>
          <X aria-hidden />
        </Button>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-1">
      {image.tags.map((tag) => (
        <Badge key={tag} tone="brand">
          {tag}
        </Badge>
      ))}
      <button
        type="button"
        onClick={start}
        className="inline-flex items-center gap-1 rounded px-1 text-xs text-gray-600 hover:text-gray-900"
        aria-label={image.tags.length ? `Edit tags of ${image.name}` : `Add tags to ${image.name}`}
      >
        <Pencil aria-hidden className="size-3" />
        {image.tags.length ? null : 'Add tags'}
      </button>
    </div>
  );
}
