import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptOutput } from '../../../server/contracts/prompts';
import { LoadingScreen } from '../../components/loading-screen';
import { LoadFailedAlert } from '../../components/status-alerts';
import { trpc } from '../../lib/trpc';
import { PROMPTS_NS } from '../admin/messages';
import { PromptEditorModal } from './prompt-editor-modal';
import { PROMPT_GROUP_ORDER, PromptGroup } from './prompt-group';

/** The Prompts tab of /spar-admin: the system prompts every client sees; superusers edit their texts, nobody deletes them. */
export function SystemPromptsPanel() {
  const { t } = useTranslation(PROMPTS_NS);
  const list = useQuery(trpc.prompts.listSystem.queryOptions());
  const [editing, setEditing] = useState<PromptOutput | null>(null);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('systemIntro')}
      </Text>
      {list.isPending && <LoadingScreen fullHeight={false} />}
      {list.isError && (
        <LoadFailedAlert
          inline
          message={t('errors.loadFailed')}
          retryLabel={t('common:app.retry')}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data &&
        PROMPT_GROUP_ORDER.map((kind) => (
          <PromptGroup
            key={kind}
            kind={kind}
            prompts={list.data.filter((p) => p.kind === kind)}
            onOpen={setEditing}
            systemEditable
          />
        ))}
      {editing && (
        <PromptEditorModal
          key={editing.id}
          kind={editing.kind}
          mode="system"
          prompt={editing}
          scope={{}}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
