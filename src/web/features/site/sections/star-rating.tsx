import { Star } from 'lucide-react';

export function StarRating({ rating, label }: { rating: number; label: string }) {
  return (
    <div className="flex gap-0.5" role="img" aria-label={label}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden className={i < rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-gray-300'} />
      ))}
    </div>
  );
}
