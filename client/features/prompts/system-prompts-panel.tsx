import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptOutput } from '../../../server/contracts/prompts';
import { trpc } from '../../lib/trpc';
import { PROMPTS_NS } from '../admin/messages';
import { PromptEditorModal } from './prompt-editor-modal';
import { PromptGroups } from './prompt-group';

/** The Prompts tab of /spar-admin: the system prompts every client sees; superusers edit their texts, nobody deletes them. */
export function SystemPromptsPanel() {
  const { t } = useTranslation(PROMPTS_NS);
  const list = useQuery(trpc.prompts.listSystem.queryOptions());
  const [editing, setEditing] = useState<PromptOutput | null>(null);

  return (
    <Stack>
      <PromptGroups intro={t('systemIntro')} list={list} onOpen={setEditing} systemEditable />
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
