import { zodResolver } from '@hookform/resolvers/zod';
import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CATEGORY_LABELS, JOB_CATEGORIES } from '../../../contract/job-constants';
import { ParentLimitsSchema, type ParentLimits } from '../../../contract/safety';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { applyServerError } from '../../lib/form-errors';
import { messageOf, notify } from '../../lib/toast';
import { useSaveParentLimits } from './api';

const contract = ParentLimitsSchema.shape;

/** The contract's limits, read from the form's controls: an empty box is no limit of the parent's own. */
const ParentLimitsFormSchema = ParentLimitsSchema.extend({
  maxHoursPerWeek: z
    .string()
    .trim()
    .regex(/^\d*$/, 'Use whole hours, such as 10')
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(contract.maxHoursPerWeek),
  latestFinish: z
    .string()
    .transform((text) => (text === '' ? null : text))
    .pipe(contract.latestFinish),
});
type ParentLimitsDraft = z.input<typeof ParentLimitsFormSchema>;

const draftOf = (limits: ParentLimits): ParentLimitsDraft => ({
  maxHoursPerWeek: limits.maxHoursPerWeek === null ? '' : String(limits.maxHoursPerWeek),
  latestFinish: limits.latestFinish ?? '',
  blockedCategories: [...limits.blockedCategories],
  noHardJobs: limits.noHardJobs,
});

/**
 * The parent's own limits on the consent page (issue 21): fewer hours a week, an earlier finish, job
 * kinds not allowed, no hard jobs. The law's limits always apply; these can only make them stricter.
 */
export function ParentLimitsForm({ token, teenName, limits }: { token: string; teenName: string; limits: ParentLimits }) {
  const save = useSaveParentLimits(token);
  const noHardId = useId();
  const form = useForm<ParentLimitsDraft, unknown, z.output<typeof ParentLimitsFormSchema>>({
    resolver: zodResolver(ParentLimitsFormSchema),
    defaultValues: draftOf(limits),
  });
  const { register, handleSubmit } = form;
  const { errors } = form.formState;

  const onSave = handleSubmit(
    (checked) =>
      save.mutate(checked, {
        onSuccess: (saved) => {
          form.reset(draftOf(saved));
          notify.success('Limits saved', `They apply to ${teenName}'s jobs from now on.`);
        },
        onError: (error) => {
          applyServerError(form, error);
          notify.error('Could not save the limits', messageOf(error) ?? 'Please try again.');
        },
      }),
    () => notify.error('Could not save the limits', 'Please check the values you entered.'),
  );

  return (
    <section aria-labelledby="limits-title" className="space-y-4 rounded-2xl border border-slate-200 p-4">
      <div className="space-y-1">
        <h2 id="limits-title" className="flex items-center gap-2 text-lg font-bold">
          <SlidersHorizontal aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Your limits for {teenName}
        </h2>
        <p className="text-slate-700">
          Child labor law and Yardly's safety rules always apply to {teenName}. Here you can make them stricter, never looser: a limit looser than the law's
          changes nothing. {teenName} is told when you change them.
        </p>
      </div>
      <form onSubmit={onSave} noValidate className="space-y-4">
        <Field
          label="Most hours a week"
          type="number"
          inputMode="numeric"
          min={1}
          max={40}
          step={1}
          placeholder="No limit of yours"
          hint="Whole hours, 1 to 40. Leave it empty to keep only the law's weekly limits."
          error={errors.maxHoursPerWeek?.message}
          {...register('maxHoursPerWeek')}
        />
        <Field
          label="Latest finish time"
          type="time"
          hint="Work must end by this time. Leave it empty to keep the law's hours and Yardly's 6 AM to 8 PM."
          error={errors.latestFinish?.message}
          {...register('latestFinish')}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Job kinds not allowed</legend>
          <div className="grid grid-cols-1 gap-y-1 sm:grid-cols-2 sm:gap-x-3">
            {JOB_CATEGORIES.map((category) => (
              <label key={category} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" value={category} className="h-5 w-5 accent-brand-700" {...register('blockedCategories')} />
                {CATEGORY_LABELS[category]}
              </label>
            ))}
          </div>
          {errors.blockedCategories && <p className="text-sm text-red-700">{errors.blockedCategories.message}</p>}
        </fieldset>
        <div className="flex items-start gap-3">
          <input id={noHardId} type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700" {...register('noHardJobs')} />
          <label htmlFor={noHardId} className="text-slate-800">
            No jobs marked hard
            <span className="block text-sm text-slate-600">Homeowners mark how physically demanding a job is: easy, medium or hard.</span>
          </label>
        </div>
        <Button type="submit" className="w-full" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Limits'}
        </Button>
      </form>
    </section>
  );
}
