import { forwardRef, useId } from 'react';

/**
 * A labelled slider on the browser's own range input (arrow keys, touch, no script to load), with
 * its current value written beside the label and read out by screen readers as the same words.
 */
export const SliderField = forwardRef<
  HTMLInputElement,
  {
    label: string;
    value: number;
    onChange: (value: number) => void;
    onBlur?: () => void;
    min: number;
    max: number;
    step: number;
    /** The value in words, e.g. '5 miles'. */
    format: (value: number) => string;
    hint?: string;
    error?: string;
    name?: string;
  }
>(function SliderField({ label, value, onChange, onBlur, min, max, step, format, hint, error, name }, ref) {
  const id = useId();
  const valueId = `${id}-value`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <output id={valueId} htmlFor={id} className="text-sm font-semibold text-brand-800">
          {format(value)}
        </output>
      </div>
      <input
        ref={ref}
        id={id}
        name={name}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(event.target.valueAsNumber)}
        onBlur={onBlur}
        aria-valuetext={format(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className="block h-11 w-full cursor-pointer accent-brand-700"
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-600">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
