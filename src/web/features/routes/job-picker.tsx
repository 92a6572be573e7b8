import { useEffect, useRef } from 'react';
import type { Job } from '../../../contract/jobs';
import { StatusBadge } from '../jobs/status-badge';

/** The area's jobs as checkboxes, with one box that ticks or clears them all. */
export function JobPicker({ jobs, selected, onChange }: { jobs: readonly Job[]; selected: readonly string[]; onChange: (jobIds: string[]) => void }) {
  const all = jobs.length > 0 && jobs.every((job) => selected.includes(job.id));
  const some = !all && jobs.some((job) => selected.includes(job.id));
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);
  // Kept in the list's order whatever order they were ticked in: that order is the one savings are measured against.
  const toggle = (jobId: string, checked: boolean) => onChange(jobs.map((job) => job.id).filter((id) => (id === jobId ? checked : selected.includes(id))));
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-bold">Jobs to Visit</legend>
      <p className="text-sm text-slate-700" aria-live="polite">
        {selected.length} of {jobs.length} selected
      </p>
      <label className="flex min-h-11 items-center gap-3 rounded-lg bg-slate-100 px-3 font-semibold text-slate-900">
        <input
          ref={selectAll}
          type="checkbox"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? jobs.map((job) => job.id) : [])}
          className="h-5 w-5 shrink-0 accent-brand-700"
        />
        Select all
      </label>
      <ul aria-label="Open and accepted jobs in your area" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {jobs.map((job) => (
          <li key={job.id}>
            <label className="flex min-h-11 items-start gap-3 px-3 py-2">
              <input
                type="checkbox"
                checked={selected.includes(job.id)}
                onChange={(event) => toggle(job.id, event.target.checked)}
                className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{job.title}</span>
                <span className="block text-sm text-slate-700">{job.location ?? `ZIP ${job.zipCode}`}</span>
              </span>
              <StatusBadge status={job.status} />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
