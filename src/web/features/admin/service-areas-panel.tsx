import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateServiceAreaRequestSchema, type ServiceArea } from '../../../contract/admin';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { serverMessage } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { adminQueries, useAddServiceArea, useSetServiceAreaActive } from './api';
import { ListSection } from './list-section';

/** The ZIP codes the service runs in (issue 18): add one, pause or resume one, see which need a coordinator. */
export function ServiceAreasPanel() {
  const areas = useQuery(adminQueries.serviceAreas());
  return (
    <div className="space-y-4">
      <AddServiceAreaForm />
      <ListSection
        heading="Service areas"
        label="Service areas"
        query={areas}
        what="the service areas"
        items={(data) => data.areas}
        empty="No service areas yet: add the first ZIP code above."
      >
        {(area) => <AreaRow key={area.zipCode} area={area} />}
      </ListSection>
    </div>
  );
}

function AreaRow({ area }: { area: ServiceArea }) {
  const setActive = useSetServiceAreaActive();
  const toggle = () =>
    setActive.mutate(
      { zipCode: area.zipCode, active: !area.active },
      {
        onSuccess: () => notify.success(area.active ? 'Service area paused' : 'Service area resumed', area.active ? `Sign-up and posting in ${area.zipCode} are closed; its jobs go on.` : `Sign-up and posting in ${area.zipCode} are open.`),
        onError: (error) => notify.error('Failed to change the service area', serverMessage(error) ?? 'Please try again.'),
      },
    );
  return (
    <li>
      <Card className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <p>
            <span className="font-bold">{area.zipCode}</span> {area.name}
          </p>
          {area.active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Paused</Badge>}
        </div>
        <p className="text-sm text-slate-700">
          {area.openJobs} open {area.openJobs === 1 ? 'job' : 'jobs'} · {area.coordinators} {area.coordinators === 1 ? 'coordinator' : 'coordinators'}
        </p>
        {area.needsCoordinator && (
          <p>
            <Badge tone="orange">Needs a coordinator</Badge>
          </p>
        )}
        <Button variant="secondary" size="sm" onClick={toggle} disabled={setActive.isPending} aria-label={`${area.active ? 'Pause' : 'Resume'} ${area.zipCode}`}>
          {area.active ? 'Pause' : 'Resume'}
        </Button>
      </Card>
    </li>
  );
}

function AddServiceAreaForm() {
  const add = useAddServiceArea();
  const form = useForm<z.input<typeof CreateServiceAreaRequestSchema>, unknown, z.output<typeof CreateServiceAreaRequestSchema>>({
    resolver: zodResolver(CreateServiceAreaRequestSchema),
    defaultValues: { zipCode: '', name: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (area) => {
        form.reset();
        notify.success('Service area added', `Sign-up and posting in ${area.zipCode} are open.`);
      },
      onError: (error) => {
        applyServerError(form, error);
        notify.error('Failed to add the service area', serverMessage(error) ?? 'Please try again.');
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-area-heading" className="space-y-3">
      <h2 id="add-area-heading" className="text-lg font-bold">
        Add a ZIP code
      </h2>
      <Field label="ZIP code" inputMode="numeric" maxLength={5} required error={errors.zipCode?.message} {...form.register('zipCode')} />
      <Field label="Name" required hint="The town or neighbourhood, as admins will read it." error={errors.name?.message} {...form.register('name')} />
      <Button type="submit" className="w-full" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Service Area'}
      </Button>
    </form>
  );
}
