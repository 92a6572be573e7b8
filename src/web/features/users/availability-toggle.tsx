import { Switch } from 'radix-ui';
import { useId } from 'react';
import { notify } from '../../lib/toast';
import { useSetAvailability } from './api';

/** Spec 2: only teens see it; 'You're Available' or 'You're Offline'. */
export function AvailabilityToggle({ isAvailable }: { isAvailable: boolean }) {
  const setAvailability = useSetAvailability();
  const labelId = useId();
  const descriptionId = useId();
  const onChange = (next: boolean) =>
    setAvailability.mutate(next, {
      onSuccess: () => (next ? notify.success("You're now available!") : notify.success("You're now offline")),
      onError: () => notify.error('Failed to update availability', 'Please try again'),
    });
  return (
    <div className={`flex items-center justify-between rounded-2xl border p-4 ${isAvailable ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white'}`}>
      <div>
        <p id={labelId} className="font-bold">
          {isAvailable ? "You're Available" : "You're Offline"}
        </p>
        <p id={descriptionId} className="text-sm text-slate-700">
          {isAvailable ? 'Ready to take new jobs' : 'Not accepting new jobs'}
        </p>
      </div>
      <Switch.Root
        checked={isAvailable}
        disabled={setAvailability.isPending}
        onCheckedChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        className="relative h-7 w-12 shrink-0 rounded-full bg-slate-500 transition-colors data-[state=checked]:bg-brand-700 disabled:opacity-60"
      >
        <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
