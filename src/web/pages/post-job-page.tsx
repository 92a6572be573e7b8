import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Camera, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { User } from '../../contract/auth';
import type { Point } from '../../contract/routes';
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
import { JobPointField } from '../features/jobs/job-point-field';
import { mapQueries } from '../features/maps/api';
import { paymentQueries } from '../features/payments/api';
import { JobAgesNotice } from '../features/safety/job-ages-notice';
import { applyServerError } from '../lib/form-errors';
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

/** Spec 5: what a required field left empty says, before the server's own check of it runs. */
const REQUIRED_MESSAGE = 'This field is required.';
const filled = () => z.string().trim().min(1, REQUIRED_MESSAGE);
const contract = CreateJobRequestSchema.shape;

/**
 * The server's schema for a new job, read from the form's controls (text inputs and selects give text).
 * Its fields only: zod does not let a schema with a refinement be extended. The one it carries, a
 * pin's latitude and longitude both or neither, holds by construction here (the pin sets both) and the
 * server checks it again.
 */
const PostJobFormSchema = z.object(contract).extend({
  title: filled().pipe(contract.title),
  description: filled().pipe(contract.description),
  category: filled().pipe(contract.category),
  // The contract takes the amount as text or a number; the input gives text.
  payAmount: filled()
    .transform((text): string | number => text)
    .pipe(contract.payAmount),
  estimatedDuration: filled().transform(Number).pipe(contract.estimatedDuration),
  zipCode: filled().pipe(contract.zipCode),
});
type PostJobDraft = z.input<typeof PostJobFormSchema>;

export default function PostJobPage() {
  return <RequireRole roles={['homeowner']}>{(user) => <PostJobForm user={user} />}</RequireRole>;
}

function PostJobForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const createJob = useCreateJob();
  const form = useForm<PostJobDraft, unknown, z.output<typeof PostJobFormSchema>>({
    resolver: zodResolver(PostJobFormSchema),
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
  const { register, handleSubmit, control, setValue } = form;
  const { errors } = form.formState;
  const payAmount = useWatch({ control, name: 'payAmount' });
  const equipment = useWatch({ control, name: 'equipment' });
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });
  const pin = (point: Point | null) => {
    setValue('latitude', point?.latitude, { shouldDirty: true });
    setValue('longitude', point?.longitude, { shouldDirty: true });
    form.clearErrors(['latitude', 'longitude']);
  };
  const agesId = useId();
  // The pin starts at the ZIP code's centre, and follows the ZIP code until it is moved. While a ZIP
  // code is being retyped the map stays where it was; one without a known centre has no map.
  const zipCode = useWatch({ control, name: 'zipCode' }).trim();
  const zipCentre = useQuery({ ...mapQueries.zipCentre(zipCode), enabled: /^\d{5}$/.test(zipCode), placeholderData: keepPreviousData });
  const centre = zipCentre.data ? { latitude: zipCentre.data.latitude, longitude: zipCentre.data.longitude } : null;

  const failed = () => notify.error('Failed to post job', 'Please check your information and try again.');

  // The person is taken to the first field in error: on a phone the button sits far below it.
  const onSubmit = handleSubmit(
    (checked) => {
      const payload: CreateJobRequest = {
        ...checked,
        // Spec 7: payAmount travels as dollars with two decimals (the schema gave cents).
        payAmount: centsToMoney(checked.payAmount),
        homeownerId: user.id,
      };
      createJob.mutate(payload, {
        onSuccess: () => {
          notify.success('Job posted successfully!');
          navigate('/homeowner-dashboard');
        },
        onError: (error) => {
          applyServerError(form, error);
          failed();
        },
      });
    },
    (refused) => {
      // Spec 5: an empty required field is reported first, as Missing information.
      if (Object.values(refused).some((error) => error?.message === REQUIRED_MESSAGE)) {
        notify.error('Missing information', 'Please fill in all required fields.');
      } else {
        failed();
      }
    },
  );

  return (
    <>
      <PageHeader title="Post a Job" backTo="/homeowner-dashboard" backLabel="Back to dashboard" />
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-4">
        <Field label="Job title" aria-required="true" maxLength={100} placeholder="Mow the front lawn" error={errors.title?.message} {...register('title')} />
        <TextareaField
          label="Description"
          aria-required="true"
          maxLength={2000}
          placeholder="What needs doing, and anything a teen should know"
          error={errors.description?.message}
          {...register('description')}
        />
        <SelectField label="Category" aria-required="true" error={errors.category?.message} {...register('category')}>
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
            error={errors.payAmount?.message}
            {...register('payAmount')}
          />
          <SelectField label="Estimated duration" aria-required="true" error={errors.estimatedDuration?.message} {...register('estimatedDuration')}>
            <option value="">Choose</option>
            {DURATIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {DURATION_LABELS[minutes]}
              </option>
            ))}
          </SelectField>
        </div>
        <HeldPaymentNotice payAmount={payAmount} />
        <Field label="Location (optional)" maxLength={200} placeholder="Backyard, 12 Elm St" error={errors.location?.message} {...register('location')} />
        <ZipCodeField aria-required="true" error={errors.zipCode?.message} {...register('zipCode')} />
        <JobPointField
          value={latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null}
          centre={centre}
          onChange={pin}
          error={errors.latitude?.message ?? errors.longitude?.message}
        />
        <TextareaField
          label="Safety notes (optional)"
          rows={3}
          maxLength={500}
          placeholder="A friendly dog in the yard, uneven steps..."
          error={errors.safetyNotes?.message}
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
          {errors.physicalDemands && <p className="text-sm text-red-700">{errors.physicalDemands.message}</p>}
        </fieldset>

        <fieldset className="space-y-2" aria-describedby={agesId}>
          <legend className="text-sm font-medium text-slate-800">Equipment needed</legend>
          <div className="grid grid-cols-2 gap-x-3 gap-y-2">
            {EQUIPMENT.map((item) => (
              <label key={item} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" value={item} className="h-5 w-5 accent-brand-700" {...register('equipment')} />
                {EQUIPMENT_LABELS[item]}
              </label>
            ))}
          </div>
          {errors.equipment && <p className="text-sm text-red-700">{errors.equipment.message}</p>}
          <JobAgesNotice id={agesId} equipment={equipment ?? []} />
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
