import { forwardRef, useId } from 'react';
import type { Choice } from './choice-group';

/** A labelled group of checkboxes for a list of choices: the legend names it, each box its choice. */
export const CheckboxGroup = forwardRef<
  HTMLInputElement,
  {
    label: string;
    value: readonly string[];
    onChange: (value: string[]) => void;
    choices: readonly Choice<string>[];
    hint?: string;
    error?: string;
  }
>(function CheckboxGroup({ label, value, onChange, choices, hint, error }, ref) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  // Kept in the choices' own order, whatever order they were ticked in.
  const toggle = (choice: string, checked: boolean) =>
    onChange(choices.map((c) => c.value).filter((v) => (v === choice ? checked : value.includes(v))));
  return (
    <fieldset className="space-y-1" aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="grid grid-cols-2 gap-x-3">
        {choices.map((choice, index) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input
              ref={index === 0 ? ref : undefined}
              type="checkbox"
              value={choice.value}
              checked={value.includes(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
              aria-invalid={error ? true : undefined}
              className="h-5 w-5 shrink-0 accent-brand-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
});
