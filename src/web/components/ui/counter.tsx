/** One figure of a dashboard's counters, inside a `<dl>`: the number big, its name under it (read name first). */
export function Counter({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
      <dt className="text-xs font-medium text-slate-700">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}
