import { Divider, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { ChoiceSelect, LanguageChoiceSelect } from '../../components/choice-select';
import {
  DIFFICULTIES,
  personaFields,
  REALTIME_VOICES,
  type Persona,
  type PersonaFields,
} from '../../../server/contracts/personas';
import { RecordFormModal } from '../../components/record-panel';
import { useConfigTranslation } from '../../lib/use-config-translation';

type FormValues = Omit<PersonaFields, 'behaviourNotes'> & {
  behaviourNotes: Record<(typeof DIFFICULTIES)[number], string>;
};

const emptyValues = (): FormValues => ({
  name: '',
  shortDescription: '',
  longDescription: '',
  voice: 'alloy',
  language: 'en',
  behaviourNotes: { easy: '', medium: '', hard: '', expert: '' },
});

function valuesOf(p: Persona): FormValues {
  const notes = p.behaviourNotes;
  return {
    name: p.name,
    shortDescription: p.shortDescription,
    longDescription: p.longDescription,
    voice: p.voice,
    language: p.language,
    behaviourNotes: {
      easy: notes.easy ?? '',
      medium: notes.medium ?? '',
      hard: notes.hard ?? '',
      expert: notes.expert ?? '',
    },
  };
}

const voiceLabel = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

interface Props {
  /** The persona being edited; null for a new one. */
  persona: Persona | null;
  /** Saving is blocked: the panel's client id is missing. */
  clientMissing: boolean;
  onClose: () => void;
  /** Rejects with the server error; field errors are shown next to the fields. */
  onSave: (values: PersonaFields) => Promise<void>;
  saving: boolean;
}

/** Add/edit form. Mount it with a `key` per persona so the values start fresh. */
export function PersonaFormModal({ persona, clientMissing, onClose, onSave, saving }: Props) {
  const { t } = useConfigTranslation();
  return (
    <RecordFormModal
      title={persona ? t('personas.editTitle') : t('personas.createTitle')}
      size="xl"
      schema={personaFields}
      initialValues={persona ? valuesOf(persona) : emptyValues()}
      clientMissing={clientMissing}
      saving={saving}
      onClose={onClose}
      onSave={onSave}
    >
      {(field) => (
        <>
          <TextInput label={t('personas.name')} withAsterisk data-autofocus {...field('name')} />
          <TextInput label={t('personas.shortDescription')} withAsterisk {...field('shortDescription')} />
          <Textarea
            label={t('personas.longDescription')}
            description={t('personas.longDescriptionHelp')}
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            {...field('longDescription')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChoiceSelect
              label={t('personas.voice')}
              values={REALTIME_VOICES}
              optionLabel={voiceLabel}
              {...field('voice')}
            />
            <LanguageChoiceSelect label={t('personas.language')} {...field('language')} />
          </SimpleGrid>
          <Divider />
          <div>
            <Text fw={600}>{t('personas.behaviourTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('personas.behaviourHelp')}
            </Text>
          </div>
          {DIFFICULTIES.map((d) => (
            <Textarea
              key={d}
              label={t(`difficulties.${d}`)}
              autosize
              minRows={2}
              maxRows={8}
              {...field(`behaviourNotes.${d}`)}
            />
          ))}
        </>
      )}
    </RecordFormModal>
  );
}
