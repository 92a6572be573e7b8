import { Switch } from 'radix-ui';
import { forwardRef, useId } from 'react';

/** A labelled on/off switch (role=switch) that also says 'On' or 'Off' in words beside it. */
export const SwitchField = forwardRef<
  HTMLButtonElement,
  { label: string; description?: string; checked: boolean; onCheckedChange: (checked: boolean) => void; error?: string }
>(function SwitchField({ label, description, checked, onCheckedChange, error }, ref) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-3">
        <div>
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {description && (
            <p id={descriptionId} className="text-sm text-slate-600">
              {description}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <span aria-hidden="true" className="w-7 text-right text-sm font-semibold text-slate-700">
            {checked ? 'On' : 'Off'}
          </span>
          <Switch.Root
            ref={ref}
            id={id}
            checked={checked}
            onCheckedChange={onCheckedChange}
            aria-invalid={error ? true : undefined}
            aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
            className="relative h-7 w-12 shrink-0 rounded-full bg-slate-500 transition-colors data-[state=checked]:bg-brand-700"
          >
            <Switch.Thumb className="block h-6 w-6 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
