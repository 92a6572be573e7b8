import { Progress as RadixProgress } from 'radix-ui';

/** A labelled progress bar (role=progressbar with aria-valuemin/max/now/text from radix). */
export function Progress({
  value,
  max,
  label,
  valueText,
  className = '',
  barClassName = 'bg-brand-700',
}: {
  value: number;
  max: number;
  label: string;
  valueText: string;
  className?: string;
  barClassName?: string;
}) {
  const clamped = Math.min(max, Math.max(0, value));
  return (
    <RadixProgress.Root
      value={clamped}
      max={max}
      aria-label={label}
      getValueLabel={() => valueText}
      className={`relative h-3 w-full overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      <RadixProgress.Indicator
        className={`h-full transition-[width] duration-1000 ease-linear ${barClassName}`}
        style={{ width: `${(clamped / max) * 100}%` }}
      />
    </RadixProgress.Root>
  );
}
