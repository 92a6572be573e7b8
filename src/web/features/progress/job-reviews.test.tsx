import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contract/auth';
import type { Job } from '../../../contract/jobs';
import type { JobReviews as JobReviewsAnswer, Review, UserStats } from '../../../contract/progress';
import { HOMEOWNER, json, makeJob, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import { JobReviews, reviewsJob, WriteReviewLink } from './job-reviews';
import { showsTeenReputation, TeenReputation } from './teen-reputation';
import { makeStats } from './test-fixtures';

const JOB = makeJob({ status: 'verified', homeownerId: HOMEOWNER.id, teenId: TEEN.id, teenName: 'Maya L.' });
const REVIEWS_URL = `/api/jobs/${JOB.id}/reviews`;

const review = (overrides: Partial<Review> = {}): Review => ({
  id: '66666666-6666-4666-8666-000000000001',
  jobId: JOB.id,
  rating: 5,
  comment: 'Spotless lawn.',
  reviewerRole: 'homeowner',
  reviewerName: 'Rosa P.',
  createdAt: '2026-11-25T15:00:00.000Z',
  publishedAt: null,
  ...overrides,
});

describe('Job reviews', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let answer: JobReviewsAnswer;
  let stats: UserStats;
  /** What POST answers. */
  let onPost: (body: { rating: number; comment: string | null }) => Response;

  beforeEach(() => {
    answer = { canReview: true, mine: null, theirs: null, otherSideWrote: false };
    stats = makeStats({ levelTitle: 'Worker', averageRating: 4.75, reviewCount: 4 });
    onPost = (body) => {
      const mine = review({ rating: body.rating, comment: body.comment });
      answer = { ...answer, canReview: false, mine };
      return json(201, mine);
    };
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, HOMEOWNER);
      if (url === REVIEWS_URL && (init?.method ?? 'GET') === 'GET') return json(200, answer);
      if (url === REVIEWS_URL && init?.method === 'POST') return onPost(JSON.parse(String(init.body)) as { rating: number; comment: string | null });
      if (url === `/api/user-stats/${TEEN.id}`) return json(200, stats);
      return json(500, { message: `unexpected ${url}` });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderFor = (user: User = HOMEOWNER, job: Job = JOB) => renderSignedIn(<MemoryRouter>{<JobReviews job={job} user={user} />}</MemoryRouter>, user);
  const posts = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === REVIEWS_URL && init?.method === 'POST');

  it('is written by the job’s homeowner and teen once it is verified, and by no one else', () => {
    expect(reviewsJob(HOMEOWNER, JOB)).toBe(true);
    expect(reviewsJob(TEEN, JOB)).toBe(true);
    expect(reviewsJob(HOMEOWNER, { ...JOB, status: 'paid' })).toBe(true);
    expect(reviewsJob(HOMEOWNER, { ...JOB, status: 'completed' })).toBe(false);
    expect(reviewsJob({ ...HOMEOWNER, id: '99999999-9999-4999-8999-999999999999' }, JOB)).toBe(false);
    expect(reviewsJob({ ...TEEN, id: '99999999-9999-4999-8999-999999999999' }, JOB)).toBe(false);
  });

  it('asks for a rating before sending, and keeps a comment to 500 characters', async () => {
    renderFor();
    const form = await screen.findByRole('form', { name: 'Review Maya L.' });
    await userEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByText('Choose a rating from 1 to 5')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    const comment = within(form).getByRole('textbox', { name: 'Comment (optional)' });
    await userEvent.click(comment);
    await userEvent.paste('x'.repeat(501));
    expect(within(form).getByText('501 / 500 characters')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByText('Keep the comment to 500 characters')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it('sends the stars and comment, then shows the review and that the other side’s shows once written', async () => {
    renderFor();
    const form = await screen.findByRole('form', { name: 'Review Maya L.' });
    await userEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Comment (optional)' }), '  Great work  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    const mine = await screen.findByRole('region', { name: 'Your review' });
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ rating: 5, comment: 'Great work' });
    expect(within(mine).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('Reviews are shown to both sides once both have written them, or after 7 days.')).toBeInTheDocument();
  });

  it('shows the server’s 409 message when the job was already reviewed', async () => {
    onPost = () => json(409, { code: 'CONFLICT', message: 'You have already reviewed this job.' });
    renderFor();
    const form = await screen.findByRole('form', { name: 'Review Maya L.' });
    await userEvent.click(within(form).getByRole('radio', { name: '3 stars' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You have already reviewed this job.');
  });

  it('tells the teen the homeowner wrote one while it is blind, and shows it once published', async () => {
    answer = { canReview: true, mine: null, theirs: null, otherSideWrote: true };
    const first = renderFor(TEEN);
    expect(await screen.findByText('The homeowner has reviewed you. You see it once you write yours, or after 7 days.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Review the homeowner' })).toBeInTheDocument();
    first.unmount();
    answer = { canReview: false, mine: review({ reviewerRole: 'teen', reviewerName: 'Maya L.', rating: 4, publishedAt: '2026-11-25T16:00:00.000Z' }), theirs: review({ publishedAt: '2026-11-25T16:00:00.000Z' }), otherSideWrote: true };
    renderFor(TEEN);
    const theirs = await screen.findByRole('region', { name: "The homeowner's review of you" });
    expect(within(theirs).getByRole('article', { name: 'Review by Rosa P.' })).toHaveTextContent('Spotless lawn.');
    expect(within(theirs).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
  });

  const renderLink = (job: Job) => renderSignedIn(<MemoryRouter>{<WriteReviewLink job={job} />}</MemoryRouter>, HOMEOWNER);
  const reviewReads = () => fetchMock.mock.calls.filter(([url]) => String(url) === REVIEWS_URL).length;

  it('links the homeowner’s dashboard card to the review form while they can write it', async () => {
    renderLink(JOB);
    expect(await screen.findByRole('link', { name: 'Review Maya L.' })).toHaveAttribute('href', `/job/${JOB.id}`);
  });

  it('shows no review link once the homeowner has written theirs', async () => {
    answer = { canReview: false, mine: review(), theirs: null, otherSideWrote: false };
    renderLink(JOB);
    await waitFor(() => expect(reviewReads()).toBe(1));
    // Let the answer render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('does not ask about the reviews of a job not verified yet', async () => {
    renderLink({ ...JOB, status: 'completed' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reviewReads()).toBe(0);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the homeowner the teen’s name, level title, average rating and review count', async () => {
    expect(showsTeenReputation(HOMEOWNER, { ...JOB, status: 'accepted' })).toBe(true);
    expect(showsTeenReputation(HOMEOWNER, { ...JOB, status: 'locked' })).toBe(false);
    expect(showsTeenReputation(TEEN, JOB)).toBe(false);
    renderSignedIn(<TeenReputation teenId={TEEN.id} teenName="Maya L." />, HOMEOWNER);
    const about = await screen.findByRole('region', { name: 'About Maya L.' });
    await waitFor(() => expect(about).toHaveTextContent('Worker'));
    expect(about).toHaveTextContent('4.8 from 4 reviews');
    expect(about).not.toHaveTextContent('Lopez');
  });
});
