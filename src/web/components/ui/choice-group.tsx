import { ToggleGroup } from 'radix-ui';
import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/**
 * A single-choice row of buttons (radix ToggleGroup: a radiogroup, arrow keys move between
 * choices). Clicking the chosen one again keeps it chosen: there is always a value.
 */
export function ChoiceGroup<T extends string>({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
}) {
  const labelId = useId();
  return (
    <div className="space-y-1">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <ToggleGroup.Root
        type="single"
        value={value}
        onValueChange={(next) => {
          if (next) onChange(next as T);
        }}
        aria-labelledby={labelId}
        className="flex flex-wrap gap-2"
      >
        {choices.map((choice) => (
          <ToggleGroup.Item
            key={choice.value}
            value={choice.value}
            className="h-9 rounded-full border border-slate-400 bg-white px-3 text-sm font-medium text-slate-800 data-[state=on]:border-brand-700 data-[state=on]:bg-brand-700 data-[state=on]:text-white"
          >
            {choice.label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </div>
  );
}
