import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/ui/query-state';
import { SwitchField } from '../../components/ui/switch-field';
import { serverMessage } from '../../lib/api';
import { progressQueries, useSetLeaderboardOptIn } from './api';

/**
 * The teen's one leaderboard choice (off until they turn it on): shown on the Leaderboard tab and
 * under Safety & Privacy on their profile.
 */
export function LeaderboardSwitch({ teenId }: { teenId: string }) {
  const privacy = useQuery(progressQueries.privacy(teenId));
  const save = useSetLeaderboardOptIn(teenId);
  return (
    <QueryState query={privacy} what="your privacy settings" loading="Loading your privacy settings...">
      {({ leaderboardOptIn }) => (
        <SwitchField
          label="Show me on the leaderboard"
          description="Teens in your area who also joined see your first name, last initial, level and this season's XP. Nobody else does."
          checked={save.isPending && save.variables !== undefined ? save.variables : leaderboardOptIn}
          onCheckedChange={(on) => save.mutate(on)}
          error={save.isError ? (serverMessage(save.error) ?? 'Could not save your choice. Try again.') : undefined}
        />
      )}
    </QueryState>
  );
}
