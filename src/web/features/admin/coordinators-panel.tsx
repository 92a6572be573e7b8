import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CreateCoordinatorRequestSchema, UpdateCoordinatorRequestSchema } from '../../../contract/admin';
import type { CoordinatorList } from '../../../contract/admin';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { serverMessage } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { adminQueries, useCreateCoordinator, useSetCoordinatorZipCodes } from './api';
import { ListSection } from './list-section';
import { StatusBadge } from './people-labels';

/** ZIP codes typed as one line ('02139, 02140'), read as the list the contract takes. */
const ZipCodesLine = z
  .string()
  .trim()
  .regex(/^\d{5}([\s,]+\d{5})*$/, 'Enter 5-digit ZIP codes separated by commas')
  .transform((line) => line.split(/[\s,]+/));

const CreateCoordinatorFormSchema = z
  .object({ fullName: z.string(), email: z.string(), zipCodes: ZipCodesLine })
  .pipe(CreateCoordinatorRequestSchema);
const ZipCodesFormSchema = z.object({ zipCodes: ZipCodesLine }).pipe(UpdateCoordinatorRequestSchema);

/** Coordinators (issue 18): who covers which ZIP codes, their teens and open jobs; create one, change their area. */
export function CoordinatorsPanel() {
  const coordinators = useQuery(adminQueries.coordinators());
  return (
    <div className="space-y-4">
      <CreateCoordinatorForm />
      <ListSection
        heading="Coordinators"
        label="Coordinators"
        query={coordinators}
        what="the coordinators"
        items={(data) => data.coordinators}
        empty="No coordinators yet."
      >
        {(coordinator) => <CoordinatorRow key={coordinator.user.id} coordinator={coordinator} />}
      </ListSection>
    </div>
  );
}

function CoordinatorRow({ coordinator }: { coordinator: CoordinatorList['coordinators'][number] }) {
  const save = useSetCoordinatorZipCodes();
  const form = useForm<z.input<typeof ZipCodesFormSchema>, unknown, z.output<typeof ZipCodesFormSchema>>({
    resolver: zodResolver(ZipCodesFormSchema),
    defaultValues: { zipCodes: coordinator.zipCodes.join(', ') },
  });
  const { user } = coordinator;
  const onSubmit = form.handleSubmit(({ zipCodes }) =>
    save.mutate(
      { coordinatorId: user.id, zipCodes },
      {
        onSuccess: (saved) => notify.success('ZIP codes saved', `${user.fullName} coordinates ${saved.zipCodes.join(', ')}.`),
        onError: (error) => {
          applyServerError(form, error);
          notify.error('Failed to save the ZIP codes', serverMessage(error) ?? 'Please try again.');
        },
      },
    ),
  );
  return (
    <li>
      <Card className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0">
            <span className="block font-bold">{user.fullName}</span>
            <span className="block break-all text-sm text-slate-700">{user.email}</span>
          </p>
          <StatusBadge status={user.status} />
        </div>
        <p className="text-sm text-slate-700">
          {coordinator.teens} {coordinator.teens === 1 ? 'teen' : 'teens'} · {coordinator.openJobs} open {coordinator.openJobs === 1 ? 'job' : 'jobs'}
        </p>
        <form onSubmit={onSubmit} noValidate className="space-y-2">
          <Field label={`ZIP codes of ${user.fullName}`} error={form.formState.errors.zipCodes?.message} {...form.register('zipCodes')} />
          <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save ZIP codes'}
          </Button>
        </form>
      </Card>
    </li>
  );
}

function CreateCoordinatorForm() {
  const create = useCreateCoordinator();
  const form = useForm<z.input<typeof CreateCoordinatorFormSchema>, unknown, z.output<typeof CreateCoordinatorFormSchema>>({
    resolver: zodResolver(CreateCoordinatorFormSchema),
    defaultValues: { fullName: '', email: '', zipCodes: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (created) => {
        form.reset();
        notify.success('Coordinator created', `${created.user.fullName} was emailed a link to choose their password.`);
      },
      onError: (error) => {
        applyServerError(form, error);
        notify.error('Failed to create the coordinator', serverMessage(error) ?? 'Please try again.');
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="create-coordinator-heading" className="space-y-3">
      <h2 id="create-coordinator-heading" className="text-lg font-bold">
        Create a coordinator
      </h2>
      <Field label="Full name" required autoComplete="off" error={errors.fullName?.message} {...form.register('fullName')} />
      <Field label="Email" type="email" required autoComplete="off" error={errors.email?.message} {...form.register('email')} />
      <Field label="ZIP codes" required hint="Service areas, separated by commas. They are emailed a single-use link to choose their own password." error={errors.zipCodes?.message} {...form.register('zipCodes')} />
      <Button type="submit" className="w-full" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create Coordinator'}
      </Button>
    </form>
  );
}
