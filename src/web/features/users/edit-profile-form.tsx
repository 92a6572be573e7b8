import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FullNameSchema, ZipCodeSchema, type User } from '../../../contract/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ZipCodeField } from '../../components/zip-code-field';
import { serverMessage } from '../../lib/api';
import { applyServerError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { useUpdateProfile } from './api';

/** Sign-up's rules for the two fields; coordinators' ZIP codes are the admins' and admins have none, so they edit the name only. */
const WithZipSchema = z.object({ fullName: FullNameSchema, zipCode: ZipCodeSchema });
const NameOnlySchema = z.object({ fullName: FullNameSchema });
type ProfileValues = { fullName: string; zipCode?: string };

export function hasEditableZip(user: Pick<User, 'role'>): boolean {
  return user.role === 'teen' || user.role === 'homeowner';
}

/** Edit Profile (spec 2): the full name and ZIP code, filled with the current ones, saved to the server. */
export function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const withZip = hasEditableZip(user);
  const form = useForm<ProfileValues>({
    defaultValues: withZip ? { fullName: user.fullName, zipCode: user.zipCode ?? '' } : { fullName: user.fullName },
    resolver: zodResolver<ProfileValues, unknown, ProfileValues>(withZip ? WithZipSchema : NameOnlySchema),
  });
  const { register, handleSubmit, formState } = form;
  const { errors, isSubmitting } = formState;
  const save = useUpdateProfile();
  // The server's own words for a refusal: a ZIP code outside the area lists the ones served.
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (changes) => {
    setRefusal(null);
    try {
      await save.mutateAsync(changes);
      notify.success('Profile updated');
      onDone();
    } catch (error) {
      applyServerError(form, error);
      setRefusal(serverMessage(error) ?? 'Could not save your profile. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} aria-label="Edit profile" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4" noValidate>
      <Field label="Full Name" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
      {withZip && <ZipCodeField label="ZIP Code" error={errors.zipCode?.message} {...register('zipCode')} />}
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" className="flex-1" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="secondary" className="flex-1" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
