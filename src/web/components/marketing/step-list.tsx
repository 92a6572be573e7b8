export interface Step {
  title: string;
  text: string;
}

/** Numbered steps; the numbers come from the ordered list itself. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="space-y-4">
      {steps.map(({ title, text }, index) => (
        <li key={title} className="flex gap-3">
          <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-bold text-white">
            {index + 1}
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="text-sm text-slate-700">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
