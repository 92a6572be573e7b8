import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/**
 * A single-choice row of pill buttons, built on native radio buttons: the browser gives the
 * radiogroup its arrow keys and its one tab stop, with no script to load or hydrate for it.
 * There is always a value.
 */
export function ChoiceGroup<T extends string>({
  label,
  value,
  onChange,
  choices,
  error,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  /** A refusal of the choice (a server's answer), shown under the group and tied to it. */
  error?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        className="flex flex-wrap gap-2"
      >
        {choices.map((choice) => (
          <label key={choice.value} className="relative">
            <input
              type="radio"
              name={id}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full disabled:cursor-default"
            />
            <span className="flex h-9 items-center rounded-full border border-slate-400 bg-white px-3 text-sm font-medium text-slate-800 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700">
              {choice.label}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
