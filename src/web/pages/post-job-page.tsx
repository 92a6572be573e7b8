import { useQuery } from '@tanstack/react-query';
import { Camera, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { User } from '../../contract/auth';
import {
  CATEGORY_LABELS,
  CreateJobRequestSchema,
  DURATIONS,
  EQUIPMENT,
  EQUIPMENT_LABELS,
  JOB_CATEGORIES,
  PAY_MAX,
  PAY_MIN,
  PAY_STEP,
  PHYSICAL_DEMANDS,
  type CreateJobRequest,
  type Equipment,
  type JobCategory,
  type PhysicalDemand,
} from '../../contract/jobs';
import { centsToMoney, formatPay } from '../../domain/format';
import { splitPay } from '../../domain/ledger';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button } from '../components/ui/button';
import { ZipCodeField } from '../components/zip-code-field';
import { Field } from '../components/ui/field';
import { SelectField } from '../components/ui/select';
import { TextareaField } from '../components/ui/textarea-field';
import { useCreateJob } from '../features/jobs/api';
import { DEMAND_LABELS } from '../features/jobs/demand-badge';
import { paymentQueries } from '../features/payments/api';
import { ApiError } from '../lib/api';
import { notify } from '../lib/toast';

/** Spec 5: the six durations, the last labelled '4+ hours'. */
const DURATION_LABELS: Record<(typeof DURATIONS)[number], string> = {
  30: '30 minutes',
  60: '1 hour',
  90: '1.5 hours',
  120: '2 hours',
  180: '3 hours',
  240: '4+ hours',
};

interface PostJobDraft {
  title: string;
  description: string;
  category: JobCategory | '';
  payAmount: string;
  estimatedDuration: string;
  location: string;
  safetyNotes: string;
  zipCode: string;
  physicalDemands: PhysicalDemand;
  equipment: Equipment[];
}

/** Spec 5: these must be filled before anything is sent; the server also needs the ZIP code. */
const REQUIRED = ['title', 'description', 'category', 'payAmount', 'estimatedDuration', 'zipCode'] as const;

type FieldErrors = Partial<Record<keyof PostJobDraft, string>>;

/** The first segment of a validation issue's path ('equipment.0' -> 'equipment'). */
const fieldOf = (path: string) => path.split('.')[0] as keyof PostJobDraft;

/** The fields top to bottom, as the form shows them. */
const FIELD_ORDER: readonly (keyof PostJobDraft)[] = [
  'title',
  'description',
  'category',
  'payAmount',
  'estimatedDuration',
  'location',
  'zipCode',
  'safetyNotes',
  'physicalDemands',
  'equipment',
];

/** One message a field: the first check it failed ($7.50 is first below $15, then off the step). */
function errorsOf(issues: { field: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of issues) errors[fieldOf(field)] ??= message;
  return errors;
}

export default function PostJobPage() {
  return <RequireRole roles={['homeowner']}>{(user) => <PostJobForm user={user} />}</RequireRole>;
}

function PostJobForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const createJob = useCreateJob();
  const [errors, setErrors] = useState<FieldErrors>({});
  const { register, handleSubmit, control, setFocus } = useForm<PostJobDraft>({
    defaultValues: {
      title: '',
      description: '',
      category: '',
      payAmount: '',
      estimatedDuration: '',
      location: '',
      safetyNotes: '',
      zipCode: user.zipCode ?? '',
      physicalDemands: 'medium',
      equipment: [],
    },
  });

  const payAmount = useWatch({ control, name: 'payAmount' });

  /** Marks the fields and takes the person to the first one: on a phone the button sits far below it. */
  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const first = FIELD_ORDER.find((field) => fieldErrors[field]);
    if (first) setFocus(first);
  };
  const failed = (fieldErrors: FieldErrors) => {
    showErrors(fieldErrors);
    notify.error('Failed to post job', 'Please check your information and try again.');
  };

  const onSubmit = handleSubmit((draft) => {
    const missing = REQUIRED.filter((key) => !draft[key].trim());
    if (missing.length > 0) {
      showErrors(Object.fromEntries(missing.map((key) => [key, 'This field is required.'])));
      notify.error('Missing information', 'Please fill in all required fields.');
      return;
    }
    const payload: CreateJobRequest = {
      title: draft.title.trim(),
      description: draft.description.trim(),
      category: draft.category as JobCategory,
      // Spec 7: payAmount travels with two decimals.
      payAmount: Number(draft.payAmount).toFixed(2),
      estimatedDuration: Number(draft.estimatedDuration),
      location: draft.location.trim() || null,
      safetyNotes: draft.safetyNotes.trim() || null,
      homeownerId: user.id,
      zipCode: draft.zipCode.trim(),
      physicalDemands: draft.physicalDemands,
      equipment: draft.equipment || [],
    };
    // The server checks the same schema; checking here first saves a round trip.
    const checked = CreateJobRequestSchema.safeParse(payload);
    if (!checked.success) {
      failed(errorsOf(checked.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }))));
      return;
    }
    setErrors({});
    createJob.mutate(payload, {
      onSuccess: () => {
        notify.success('Job posted successfully!');
        navigate('/homeowner-dashboard');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          failed(errorsOf(Object.entries(error.fields).map(([field, message]) => ({ field, message }))));
        } else if (error instanceof ApiError && error.code === 'ZIP_NOT_SERVED') {
          failed({ zipCode: error.message });
        } else {
          failed({});
        }
      },
    });
  });

  return (
    <>
      <PageHeader title="Post a Job" backTo="/homeowner-dashboard" backLabel="Back to dashboard" />
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-4">
        <Field label="Job title" aria-required="true" maxLength={100} placeholder="Mow the front lawn" error={errors.title} {...register('title')} />
        <TextareaField
          label="Description"
          aria-required="true"
          maxLength={2000}
          placeholder="What needs doing, and anything a teen should know"
          error={errors.description}
          {...register('description')}
        />
        <SelectField label="Category" aria-required="true" error={errors.category} {...register('category')}>
          <option value="">Choose a category</option>
          {JOB_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="Pay ($)"
            type="number"
            inputMode="numeric"
            min={PAY_MIN}
            max={PAY_MAX}
            step={PAY_STEP}
            placeholder="25"
            aria-required="true"
            hint={`$${PAY_MIN}-$${PAY_MAX}, in steps of $${PAY_STEP}`}
            error={errors.payAmount}
            {...register('payAmount')}
          />
          <SelectField label="Estimated duration" aria-required="true" error={errors.estimatedDuration} {...register('estimatedDuration')}>
            <option value="">Choose</option>
            {DURATIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {DURATION_LABELS[minutes]}
              </option>
            ))}
          </SelectField>
        </div>
        <HeldPaymentNotice payAmount={payAmount} />
        <Field label="Location (optional)" maxLength={200} placeholder="Backyard, 12 Elm St" error={errors.location} {...register('location')} />
        <ZipCodeField aria-required="true" error={errors.zipCode} {...register('zipCode')} />
        <TextareaField
          label="Safety notes (optional)"
          rows={3}
          maxLength={500}
          placeholder="A friendly dog in the yard, uneven steps..."
          error={errors.safetyNotes}
          {...register('safetyNotes')}
        />

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Physical demands</legend>
          <div className="grid grid-cols-3 gap-2">
            {PHYSICAL_DEMANDS.map((demand) => (
              <label
                key={demand}
                className="flex h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-400 text-sm font-medium has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900"
              >
                <input type="radio" value={demand} className="accent-brand-700" {...register('physicalDemands')} />
                {DEMAND_LABELS[demand]}
              </label>
            ))}
          </div>
          {errors.physicalDemands && <p className="text-sm text-red-700">{errors.physicalDemands}</p>}
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Equipment needed</legend>
          <p className="text-sm text-slate-600">Teens aged 14-15 may not use power-driven tools or ladders.</p>
          <div className="grid grid-cols-2 gap-x-3 gap-y-2">
            {EQUIPMENT.map((item) => (
              <label key={item} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" value={item} className="h-5 w-5 accent-brand-700" {...register('equipment')} />
                {EQUIPMENT_LABELS[item]}
              </label>
            ))}
          </div>
          {errors.equipment && <p className="text-sm text-red-700">{errors.equipment}</p>}
        </fieldset>

        <section aria-labelledby="photos-title" className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 p-6 text-center">
          <Camera aria-hidden="true" className="h-8 w-8 text-slate-600" />
          <h2 id="photos-title" className="font-semibold text-slate-900">
            Photos
          </h2>
          <p className="text-sm text-slate-700">Photo uploads are coming soon. For now, describe the job in words above.</p>
        </section>

        <Button type="submit" size="lg" className="w-full" disabled={createJob.isPending}>
          {createJob.isPending ? 'Posting Job...' : 'Post Job'}
        </Button>
      </form>
    </>
  );
}

/**
 * Design 5, Escrow: before posting, the homeowner sees what will be held and the fee policy. The
 * split uses the server's own rule (domain/ledger); the server computes the real one.
 */
function HeldPaymentNotice({ payAmount }: { payAmount: string }) {
  const policy = useQuery(paymentQueries.policy());
  const dollars = Number(payAmount);
  const valid = payAmount.trim() !== '' && Number.isFinite(dollars) && dollars >= PAY_MIN && dollars <= PAY_MAX;
  const percent = policy.data?.platformFeePercent;
  const split = valid && percent !== undefined ? splitPay(Math.round(dollars * 100), percent) : null;
  return (
    <section aria-labelledby="held-title" aria-live="polite" className="space-y-1 rounded-2xl border border-brand-100 bg-brand-50 p-4">
      <h2 id="held-title" className="flex items-center gap-2 font-semibold text-brand-900">
        <ShieldCheck aria-hidden="true" className="h-5 w-5" />
        Payment held until the work is verified
      </h2>
      <p className="text-sm text-slate-800">
        {valid ? `${formatPay(centsToMoney(Math.round(dollars * 100)), 2)} will be held when you post.` : 'The pay you set is held when you post.'} It is released
        to the teen after a coordinator verifies the work, and you can cancel for a full refund before work starts.
      </p>
      {percent !== undefined && (
        <p className="text-sm text-slate-800">
          Yardly keeps a {percent}% platform fee from the pay
          {split ? `: the teen receives ${formatPay(centsToMoney(split.teenCents), 2)} and the fee is ${formatPay(centsToMoney(split.feeCents), 2)}.` : '.'}
        </p>
      )}
    </section>
  );
}
