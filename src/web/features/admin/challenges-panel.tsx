import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { CATEGORY_LABELS, JOB_CATEGORIES } from '../../../contract/job-constants';
import { CreateChallengeRequestSchema, SEASONS, UpdateChallengeRequestSchema, type AdminChallenge, type ChallengeState, type CreateChallengeRequest, type UpdateChallengeRequest } from '../../../contract/progress';
import { localClock } from '../../../domain/calendar';
import { seasonOf } from '../../../domain/progress/seasons';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CheckboxGroup } from '../../components/ui/checkbox-group';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import { SwitchField } from '../../components/ui/switch-field';
import { TextareaField } from '../../components/ui/textarea-field';
import { serverMessage } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { formatDay } from '../jobs/format';
import { adminQueries, useCreateChallenge, useUpdateChallenge } from './api';
import { ListSection } from './list-section';

const SEASON_LABELS = { spring: 'Spring', summer: 'Summer', fall: 'Fall', winter: 'Winter' } as const;
const STATE_BADGES: Record<ChallengeState, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  upcoming: { label: 'Upcoming', tone: 'blue' },
  paused: { label: 'Paused', tone: 'orange' },
  ended: { label: 'Ended', tone: 'slate' },
};
const CATEGORY_CHOICES = JOB_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

/** A number typed into a text box: blank and words become NaN, which the contract refuses with its own words. */
const typedWhole = z.string().transform((text) => (text.trim() === '' ? Number.NaN : Number(text)));
/** The form's fields as typed (numbers as text), shaped as the request so the server's refusals land on them. */
const draftFields = {
  title: z.string(),
  description: z.string(),
  // Both come from the form's own choices; the contract still judges them.
  season: z.enum(SEASONS),
  startDate: z.string(),
  endDate: z.string(),
  /** Blank: no limit. */
  maxParticipants: z.string().transform((text) => (text.trim() === '' ? null : Number(text))),
  requirements: z.object({ jobsCount: typedWhole, categories: z.array(z.enum(JOB_CATEGORIES)) }),
  rewards: z.object({ points: typedWhole, title: z.string() }),
};
const DraftSchema = z.object({ ...draftFields, isActive: z.boolean() });
type Draft = z.input<typeof DraftSchema>;
/** A new challenge has no isActive: it is on from its start date. */
const CreateFormSchema = DraftSchema.transform(({ isActive: _on, ...body }): CreateChallengeRequest => body).pipe(CreateChallengeRequestSchema);
const EditFormSchema = DraftSchema.transform((body): UpdateChallengeRequest => body).pipe(UpdateChallengeRequestSchema);

/** A new challenge's starting values: this season, from today (the phone's day) to the season's last day. */
function newDraft(): Draft {
  const today = localClock(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone).date;
  const season = seasonOf(today);
  return {
    title: '',
    description: '',
    season: season.season,
    startDate: today,
    endDate: season.last,
    maxParticipants: '',
    requirements: { jobsCount: '3', categories: [] },
    rewards: { points: '100', title: '' },
    isActive: true,
  };
}

function draftOf(challenge: AdminChallenge): Draft {
  return {
    title: challenge.title,
    description: challenge.description,
    season: challenge.season,
    startDate: challenge.startDate,
    endDate: challenge.endDate,
    maxParticipants: challenge.maxParticipants === null ? '' : String(challenge.maxParticipants),
    requirements: { jobsCount: String(challenge.requirements.jobsCount), categories: challenge.requirements.categories },
    rewards: { points: String(challenge.rewards.points), title: challenge.rewards.title },
    isActive: challenge.isActive,
  };
}

/** Seasonal challenges (issues 16 and 18): every one with its state and participants; add one, edit one. */
export function ChallengesPanel() {
  const challenges = useQuery(adminQueries.challenges());
  return (
    <div className="space-y-6">
      <CreateChallengeForm />
      <ListSection
        heading="Challenges"
        label="Seasonal challenges"
        query={challenges}
        what="the challenges"
        items={(data) => data.challenges}
        empty="No challenges yet."
      >
        {(challenge) => <ChallengeRow key={challenge.id} challenge={challenge} />}
      </ListSection>
    </div>
  );
}

function ChallengeRow({ challenge }: { challenge: AdminChallenge }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateChallenge();
  const state = STATE_BADGES[challenge.state];
  const { requirements, rewards } = challenge;
  const limit = challenge.maxParticipants === null ? 'no limit' : `of ${challenge.maxParticipants}`;
  const formId = `edit-challenge-${challenge.id}`;
  return (
    <li>
      <Card className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 font-bold">{challenge.title}</h3>
          <Badge tone={state.tone}>{state.label}</Badge>
        </div>
        <p className="text-sm text-slate-700">{challenge.description}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium text-slate-700">Season</dt>
          <dd>{SEASON_LABELS[challenge.season]}</dd>
          <dt className="font-medium text-slate-700">Dates</dt>
          <dd>
            {formatDay(challenge.startDate)} to {formatDay(challenge.endDate)}
          </dd>
          <dt className="font-medium text-slate-700">Participants</dt>
          <dd>
            {challenge.participants} joined ({limit}) · {challenge.completions} completed
          </dd>
          <dt className="font-medium text-slate-700">Requirements</dt>
          <dd>
            {requirements.jobsCount} paid {requirements.jobsCount === 1 ? 'job' : 'jobs'} in {requirements.categories.map((c) => CATEGORY_LABELS[c]).join(', ')}
          </dd>
          <dt className="font-medium text-slate-700">Rewards</dt>
          <dd>
            {rewards.points} points and the title {rewards.title}
          </dd>
        </dl>
        <Button variant="secondary" size="sm" aria-expanded={editing} aria-controls={editing ? formId : undefined} onClick={() => setEditing(!editing)} aria-label={`${editing ? 'Close' : 'Edit'} ${challenge.title}`}>
          {editing ? 'Close' : 'Edit'}
        </Button>
        {editing && (
          <ChallengeForm<z.output<typeof UpdateChallengeRequestSchema>>
            id={formId}
            name={`Edit ${challenge.title}`}
            resolver={zodResolver(EditFormSchema)}
            defaultValues={draftOf(challenge)}
            canPause
            hint={challenge.participants > 0 ? `${challenge.participants} joined; blank for no limit. Teens who completed it keep their reward.` : undefined}
            submitLabel="Save Challenge"
            pending={update.isPending}
            onSave={(body, form) =>
              update.mutate(
                { challengeId: challenge.id, ...body },
                {
                  onSuccess: (saved) => {
                    setEditing(false);
                    notify.success('Challenge saved', `${saved.title}: ${saved.participants} joined (${saved.maxParticipants === null ? 'no limit' : `of ${saved.maxParticipants}`}).`);
                  },
                  onError: (error) => {
                    applyServerError(form, error);
                    notify.error('Failed to save the challenge', serverMessage(error) ?? 'Please try again.');
                  },
                },
              )
            }
          />
        )}
      </Card>
    </li>
  );
}

function CreateChallengeForm() {
  const create = useCreateChallenge();
  return (
    <section aria-labelledby="create-challenge-heading" className="space-y-3">
      <h2 id="create-challenge-heading" className="text-lg font-bold">
        Add a challenge
      </h2>
      <ChallengeForm<z.output<typeof CreateChallengeRequestSchema>>
        id="create-challenge"
        name="Add a challenge"
        resolver={zodResolver(CreateFormSchema)}
        defaultValues={newDraft()}
        submitLabel="Add Challenge"
        pending={create.isPending}
        onSave={(body, form) =>
          create.mutate(body, {
            onSuccess: (created) => {
              form.reset(newDraft());
              notify.success('Challenge added', `${created.title} runs to ${formatDay(created.endDate)}.`);
            },
            onError: (error) => {
              applyServerError(form, error);
              notify.error('Failed to add the challenge', serverMessage(error) ?? 'Please try again.');
            },
          })
        }
      />
    </section>
  );
}

/** The fields of a challenge, for adding one and editing one: checked by the server's schema before sending. */
function ChallengeForm<Body extends FieldValues>({
  id,
  name,
  resolver,
  defaultValues,
  canPause = false,
  hint,
  submitLabel,
  pending,
  onSave,
}: {
  id: string;
  /** The form's accessible name, which tells one challenge's form from another's. */
  name: string;
  resolver: Resolver<Draft, unknown, Body>;
  defaultValues: Draft;
  canPause?: boolean;
  hint?: string;
  submitLabel: string;
  pending: boolean;
  onSave: (body: Body, form: UseFormReturn<Draft, unknown, Body>) => void;
}) {
  const form = useForm<Draft, unknown, Body>({ resolver, defaultValues });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) => onSave(body, form));
  return (
    <form id={id} onSubmit={onSubmit} noValidate aria-label={name} className="space-y-3">
      <Field label="Title" required autoComplete="off" error={errors.title?.message} {...form.register('title')} />
      <TextareaField label="Description" required rows={3} error={errors.description?.message} {...form.register('description')} />
      <SelectField label="Season" error={errors.season?.message} {...form.register('season')}>
        {SEASONS.map((season) => (
          <option key={season} value={season}>
            {SEASON_LABELS[season]}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Start date" type="date" required error={errors.startDate?.message} {...form.register('startDate')} />
        <Field label="End date" type="date" required error={errors.endDate?.message} {...form.register('endDate')} />
      </div>
      <Field label="Max participants" inputMode="numeric" hint={hint ?? 'Leave blank for no limit.'} error={errors.maxParticipants?.message} {...form.register('maxParticipants')} />
      <Field label="Paid jobs to complete it" inputMode="numeric" required error={errors.requirements?.jobsCount?.message} {...form.register('requirements.jobsCount')} />
      <Controller
        control={form.control}
        name="requirements.categories"
        render={({ field, fieldState }) => (
          <CheckboxGroup ref={field.ref} label="Job categories that count" value={field.value} onChange={field.onChange} choices={CATEGORY_CHOICES} error={fieldState.error?.message} />
        )}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Reward points" inputMode="numeric" required error={errors.rewards?.points?.message} {...form.register('rewards.points')} />
        <Field label="Reward title" required autoComplete="off" error={errors.rewards?.title?.message} {...form.register('rewards.title')} />
      </div>
      {canPause && (
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <SwitchField ref={field.ref} label="Open to teens" description="Off pauses it: no one can join and no paid job counts." checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
