import { useState, type KeyboardEvent } from 'react';
import { Box, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Names the text for screen readers and the editor ("Summary for the learner"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown smaller/dimmed (secondary texts such as "surfaces when"). */
  dimmed?: boolean;
}

/**
 * A generated text that turns into a textarea on double-click (or Enter when focused). Enter or
 * leaving the field saves, Shift+Enter adds a line, Esc cancels.
 */
export function EditableText({ label, value, onChange, dimmed }: Props) {
  const { t } = useTranslation('simulations');
  const [draft, setDraft] = useState<string | null>(null);

  const save = () => {
    if (draft === null) return;
    if (draft !== value) onChange(draft);
    setDraft(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setDraft(null);
    } else if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      save();
    }
  };

  if (draft !== null) {
    return (
      <Textarea
        aria-label={t('wizard.scenario.editing', { label })}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={save}
        onKeyDown={onKeyDown}
        autosize
        minRows={1}
        maxRows={12}
        autoFocus
        // Esc cancels the edit, not the surrounding modal (Mantine honours this attribute)
        data-mantine-stop-propagation="true"
      />
    );
  }
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label={t('wizard.scenario.editLabel', { label })}
      onDoubleClick={() => setDraft(value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'F2') {
          e.preventDefault();
          setDraft(value);
        }
      }}
      style={{ cursor: 'text', borderRadius: 4, outlineOffset: 2 }}
      data-editable-text
    >
      <Text
        size={dimmed ? 'xs' : 'sm'}
        c={dimmed ? 'dimmed' : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {value.trim() ? value : t('wizard.scenario.empty')}
      </Text>
    </Box>
  );
}
