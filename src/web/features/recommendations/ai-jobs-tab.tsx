import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { RECOMMENDATIONS_SHOWN } from '../../../contract/preference-constants';
import { Button, ButtonLink } from '../../components/ui/button';
import { LoadingLine } from '../../components/ui/query-state';
import { EmptyState } from '../jobs/paged-job-list';
import { preferenceQueries } from '../preferences/api';
import { recommendationQueries } from './api';
import { RecommendationCard } from './recommendation-card';

// The form brings react-hook-form and the schema library: a teen who only reads the cards never loads it.
const PreferencesForm = lazy(() => import('../preferences/preferences-form'));

/** Spec 8: when the call fails or matching is off. */
export const RECOMMENDATIONS_FALLBACK = 'AI recommendations are being set up. For now, browse all available jobs!';

/**
 * The teen dashboard's AI Jobs tab (spec 2, issue 15): up to 3 recommended jobs with why each was
 * picked, 'View All' and 'Preferences'; the Preferences button swaps in the form, and saving or
 * 'Back to Jobs' swaps the recommendations back.
 */
export function AiJobsTab({ teenId }: { teenId: string }) {
  // After a swap the new view's heading takes the focus, so a screen reader hears where they are;
  // not on the tab's first showing.
  const [view, setView] = useState({ editing: false, takeFocus: false });
  return view.editing ? (
    <PreferencesView teenId={teenId} takeFocus={view.takeFocus} onBack={() => setView({ editing: false, takeFocus: true })} />
  ) : (
    <RecommendationsView teenId={teenId} takeFocus={view.takeFocus} onPreferences={() => setView({ editing: true, takeFocus: true })} />
  );
}

function RecommendationsView({ teenId, takeFocus, onPreferences }: { teenId: string; takeFocus: boolean; onPreferences: () => void }) {
  const recommendations = useQuery(recommendationQueries.list(teenId));
  // Whether to show safety notes is a preference; until it is read (or if it cannot be), they show.
  const preferences = useQuery(preferenceQueries.detail(teenId));
  const showSafetyNotes = preferences.data?.showSafetyWarnings ?? true;
  const heading = useFocusOnMount<HTMLHeadingElement>(takeFocus);

  // A read that never succeeded goes back to pending when it reads again (a live job signal): it has
  // failed before, so the fallback stands until an answer comes, as QueryState does.
  const failed = recommendations.isError || (recommendations.data === undefined && recommendations.errorUpdateCount > 0);
  const fallback = failed || recommendations.data?.matchingEnabled === false;
  return (
    <section aria-labelledby="recommendations-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recommendations-title" ref={heading} tabIndex={-1} className="text-lg font-bold">
          Recommended for You
        </h2>
        {!fallback && (
          <div className="flex gap-2">
            <ButtonLink to="/job-explorer" variant="ghost" size="sm">
              View All
            </ButtonLink>
            <Button variant="secondary" size="sm" onClick={onPreferences}>
              <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
              Preferences
            </Button>
          </div>
        )}
      </div>
      {fallback ? (
        <div className="space-y-3 rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
          <p className="text-slate-800">{RECOMMENDATIONS_FALLBACK}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="secondary" onClick={onPreferences}>
              Set Preferences
            </Button>
            <ButtonLink to="/job-explorer">Browse Jobs</ButtonLink>
          </div>
        </div>
      ) : recommendations.data === undefined ? (
        <LoadingLine text="Loading recommendations..." />
      ) : recommendations.data.recommendations.length === 0 ? (
        <EmptyState headingLevel={3} title="No Recommendations Yet" text={recommendations.data.excludedMost?.text} />
      ) : (
        <ul aria-label="Recommended jobs" className="space-y-3">
          {recommendations.data.recommendations.slice(0, RECOMMENDATIONS_SHOWN).map((job) => (
            <li key={job.id}>
              <RecommendationCard job={job} showSafetyNotes={showSafetyNotes} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PreferencesView({ teenId, takeFocus, onBack }: { teenId: string; takeFocus: boolean; onBack: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>(takeFocus);
  return (
    <section aria-labelledby="preferences-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preferences-title" ref={heading} tabIndex={-1} className="text-lg font-bold">
          Your Preferences
        </h2>
        <Button variant="secondary" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Jobs
        </Button>
      </div>
      <Suspense fallback={<LoadingLine text="Loading preferences..." />}>
        <PreferencesForm userId={teenId} onSaved={onBack} />
      </Suspense>
    </section>
  );
}

function useFocusOnMount<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    // A view is swapped in whole: `enabled` is fixed for its life, so this runs once, on mount.
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
