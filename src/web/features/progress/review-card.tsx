import { Star } from 'lucide-react';
import type { Review } from '../../../contract/progress';
import { formatDate } from '../jobs/format';

/** 1-5 stars, read as '4 out of 5 stars'. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`h-4 w-4 ${n <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-400'}`} />
      ))}
    </span>
  );
}

/** One review: the stars, who wrote it (first name and last initial), when, and the comment as plain text. */
export function ReviewCard({ review, headingLevel = 3 }: { review: Review; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article aria-label={`Review by ${review.reviewerName}`} className="space-y-1 rounded-2xl border border-slate-200 bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <Heading className="font-semibold text-slate-900">{review.reviewerName}</Heading>
        <Stars rating={review.rating} />
      </div>
      {review.comment && <p className="whitespace-pre-line break-words text-slate-800">{review.comment}</p>}
      <p className="text-xs text-slate-600">{formatDate(review.publishedAt ?? review.createdAt)}</p>
    </article>
  );
}
