import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { AchievementList } from './achievement-list';
import { ChallengeList } from './challenge-list';
import { LeaderboardPanel } from './leaderboard-panel';
import { StatsCard } from './stats-card';

/**
 * The teen dashboard's Progress tab (spec 2, issue 16): the stats card, then Achievements,
 * Challenges and Leaderboard. Loaded only when opened (the dashboard imports it lazily).
 */
export default function ProgressTab({ teenId }: { teenId: string }) {
  return (
    <div className="space-y-4">
      <StatsCard teenId={teenId} />
      <Tabs defaultValue="achievements" className="space-y-3">
        <TabList aria-label="Progress sections">
          <Tab value="achievements">Achievements</Tab>
          <Tab value="challenges">Challenges</Tab>
          <Tab value="leaderboard">Leaderboard</Tab>
        </TabList>
        <TabPanel value="achievements">
          <AchievementList teenId={teenId} />
        </TabPanel>
        <TabPanel value="challenges">
          <ChallengeList teenId={teenId} />
        </TabPanel>
        <TabPanel value="leaderboard">
          <LeaderboardPanel teenId={teenId} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
