import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '../../../contract/auth';
import type { Job } from '../../../contract/jobs';
import { CreateReviewRequestSchema, REVIEW_BLIND_DAYS, REVIEW_COMMENT_MAX } from '../../../contract/progress';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { TextareaField } from '../../components/ui/textarea-field';
import { applyServerError } from '../../lib/form-errors';
import { ApiError, serverMessage } from '../../lib/api';
import { progressQueries, useWriteReview } from './api';
import { ReviewCard } from './review-card';

/** Spec 3: a job can be reviewed once it is verified (and still once paid). */
const REVIEWABLE: readonly Job['status'][] = ['verified', 'paid'];

/** Whether `user` is a side of `job` that reviews it: its homeowner or the teen who did it. */
export function reviewsJob(user: User, job: Job): boolean {
  if (!REVIEWABLE.includes(job.status) || !job.teenId) return false;
  return (user.role === 'homeowner' && job.homeownerId === user.id) || (user.role === 'teen' && job.teenId === user.id);
}

/**
 * On the homeowner's dashboard, a verified or paid job's way to its review form (on the job's
 * details), shown only while they can still write it.
 */
export function WriteReviewLink({ job }: { job: Job }) {
  const reviewable = REVIEWABLE.includes(job.status) && job.teenId !== null;
  const reviews = useQuery({ ...progressQueries.jobReviews(job.id), enabled: reviewable });
  if (!reviewable || !reviews.data?.canReview) return null;
  return (
    <ButtonLink to={`/job/${job.id}`} variant="secondary" size="sm">
      Review {job.teenName ?? 'the teen'}
    </ButtonLink>
  );
}

/**
 * A verified job's reviews on its details (issue 16): the caller's own, the other side's once
 * published (double-blind), and the form while they can still write theirs.
 */
export function JobReviews({ job, user }: { job: Job; user: User }) {
  const reviews = useQuery(progressQueries.jobReviews(job.id));
  const other = user.role === 'homeowner' ? (job.teenName ?? 'the teen') : 'the homeowner';
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-bold text-slate-900">Reviews</h2>
      <QueryState query={reviews} what="the reviews" loading="Loading reviews...">
        {(data) => (
          <>
            {data.canReview && <ReviewForm jobId={job.id} subject={other} />}
            {data.mine && (
              <section aria-labelledby="my-review-title" className="space-y-2">
                <h3 id="my-review-title" className="font-semibold text-slate-800">
                  Your review
                </h3>
                <ReviewCard review={data.mine} headingLevel={4} />
              </section>
            )}
            {data.theirs ? (
              <section aria-labelledby="their-review-title" className="space-y-2">
                <h3 id="their-review-title" className="font-semibold text-slate-800">
                  {user.role === 'homeowner' ? `${other}'s review of you` : "The homeowner's review of you"}
                </h3>
                <ReviewCard review={data.theirs} headingLevel={4} />
              </section>
            ) : (
              <p className="text-sm text-slate-700">
                {data.otherSideWrote
                  ? `${capitalised(other)} has reviewed you. You see it once you write yours, or after ${REVIEW_BLIND_DAYS} days.`
                  : `Reviews are shown to both sides once both have written them, or after ${REVIEW_BLIND_DAYS} days.`}
              </p>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type ReviewInput = z.input<typeof CreateReviewRequestSchema>;
type ReviewOutput = z.output<typeof CreateReviewRequestSchema>;

/** 1-5 stars and an optional comment (plain text, at most 500 characters); once, after verification. */
export function ReviewForm({ jobId, subject }: { jobId: string; subject: string }) {
  const write = useWriteReview(jobId);
  const form = useForm<ReviewInput, unknown, ReviewOutput>({ resolver: zodResolver(CreateReviewRequestSchema), defaultValues: { comment: '' } });
  const ratingId = useId();
  const comment = useWatch({ control: form.control, name: 'comment' }) ?? '';
  const ratingError = form.formState.errors.rating?.message;
  // A refusal of a field lands on it; any other (already reviewed, not verified yet) is said here.
  const refusal = write.isError && !(write.error instanceof ApiError && write.error.fields) ? (serverMessage(write.error) ?? 'Could not send your review. Try again.') : null;
  const onSubmit = form.handleSubmit((body) =>
    write.mutate(body, {
      onError: (error) => void applyServerError(form, error),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Review ${subject}`} className="space-y-3">
      <fieldset aria-describedby={ratingError ? `${ratingId}-error` : undefined} aria-invalid={ratingError ? true : undefined}>
        <legend className="text-sm font-medium text-slate-800">Rate {subject}</legend>
        {/* A radio's value is text: the Controller hands the form its number, which the schema checks. */}
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <div className="mt-1 flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer rounded-md p-1 has-[:checked]:bg-amber-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700">
                  <input type="radio" name={field.name} value={n} checked={field.value === n} onChange={() => field.onChange(n)} onBlur={field.onBlur} className="sr-only" />
                  <Star aria-hidden="true" className={`h-8 w-8 ${(field.value ?? 0) >= n ? 'fill-amber-400 text-amber-500' : 'text-slate-500'}`} />
                  <span className="sr-only">
                    {n} {n === 1 ? 'star' : 'stars'}
                  </span>
                </label>
              ))}
            </div>
          )}
        />
        {ratingError && (
          <p id={`${ratingId}-error`} className="text-sm text-red-700">
            {ratingError}
          </p>
        )}
      </fieldset>
      <TextareaField
        label="Comment (optional)"
        rows={3}
        hint={`${comment.length} / ${REVIEW_COMMENT_MAX} characters`}
        error={form.formState.errors.comment?.message}
        {...form.register('comment')}
      />
      {refusal && (
        <p role="alert" className="text-sm text-red-800">
          {refusal}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={write.isPending}>
        {write.isPending ? 'Sending...' : 'Submit Review'}
      </Button>
    </form>
  );
}
