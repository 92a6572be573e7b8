/** One figure of a route or of the analytics: its name, value and an optional line under it (inside a <dl>). */
export function Figure({ term, value, detail }: { term: string; value: string; detail?: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-700">{term}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
      {detail && <dd className="text-xs text-slate-700">{detail}</dd>}
    </div>
  );
}
