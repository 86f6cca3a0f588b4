import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';
import { HelpTip } from './help-tip';

interface Props {
  score: number | null;
  /** The evaluator's score before a manager's review. */
  originalScore?: number | null;
  /** Scored by the offline rules: always labelled heuristic. */
  heuristic?: boolean;
}

/** A report's score in a list: the reviewed score, "originally …" after a review, and the heuristic label of offline scores. */
export function ScoreText({ score, originalScore = null, heuristic = false }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  if (score === null) return <Text span>{f.score(null)}</Text>;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Text span data-testid="score-value">
        {f.score(score)}
      </Text>
      {heuristic && (
        <HelpTip label={t('score.heuristicHelp')} w={240}>
          <Badge size="xs" color="gray" variant="light" tabIndex={0} data-testid="score-heuristic">
            {t('score.heuristic')}
          </Badge>
        </HelpTip>
      )}
      {originalScore !== null && originalScore !== score && (
        <Text span size="xs" c="dimmed" data-testid="score-original">
          {t('score.originally', { score: f.score(originalScore) })}
        </Text>
      )}
    </Group>
  );
}
