import { TitledPage } from '../components/page-title';
import { LeaderboardPanel } from '../features/leaderboards/leaderboard-panel';

/** /leaderboard — the team's leaderboards over counted attempts. */
export default function LeaderboardPage() {
  return <TitledPage titleKey="pages.leaderboard.title" panel={LeaderboardPanel} />;
}
