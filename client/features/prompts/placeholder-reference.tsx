import { Accordion, Code, Group, Text } from '@mantine/core';
import { CopyIconButton } from '../../components/copy-icon-button';
import { BareList } from '../../components/bare-list';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromptKind } from '../../../server/contracts/enums';
import { trpc } from '../../lib/trpc';
import { PROMPTS_NS } from '../admin/messages';

/** The placeholders a prompt of this kind may use, with what each is replaced by. */
export function PlaceholderReference({ kind }: { kind: PromptKind }) {
  const { t } = useTranslation(PROMPTS_NS);
  const placeholders = useQuery({ ...trpc.prompts.placeholders.queryOptions(), staleTime: Infinity });
  const usable = placeholders.data?.filter((p) => p.kinds.includes(kind)) ?? [];

  return (
    <Accordion variant="contained" defaultValue={null}>
      <Accordion.Item value="placeholders">
        <Accordion.Control>{t('placeholdersTitle', { count: usable.length })}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" mb="xs">
            {t('placeholdersIntro')}
          </Text>
          {placeholders.isError && (
            <Text size="sm" c="red" role="alert">
              {t('errors.placeholdersFailed')}
            </Text>
          )}
          <BareList gap={6}>
            {usable.map((p) => (
              <Group key={p.token} component="li" gap="xs" wrap="nowrap" align="flex-start">
                <CopyIconButton
                  value={p.token}
                  tip={(copied) => (copied ? t('placeholderCopied') : t('placeholderCopy'))}
                  label={() => t('placeholderCopyNamed', { token: p.token })}
                  variant="subtle"
                  size="sm"
                />
                <div>
                  <Code>{p.token}</Code>
                  <Text size="sm">{t(`placeholders.${p.key}`, { defaultValue: p.description })}</Text>
                </div>
              </Group>
            ))}
          </BareList>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
