import { useQuery } from '@tanstack/react-query';
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
  if (privacy.isPending) return <p role="status">Loading your privacy settings...</p>;
  if (privacy.isError) return <p role="alert">Could not load your privacy settings.</p>;
  const checked = save.isPending && save.variables !== undefined ? save.variables : privacy.data.leaderboardOptIn;
  return (
    <SwitchField
      label="Show me on the leaderboard"
      description="Teens in your area who also joined see your first name, last initial, level and this season's XP. Nobody else does."
      checked={checked}
      onCheckedChange={(on) => save.mutate(on)}
      error={save.isError ? (serverMessage(save.error) ?? 'Could not save your choice. Try again.') : undefined}
    />
  );
}
