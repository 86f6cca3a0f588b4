import { z } from 'zod';
import { DIFFICULTIES, REALTIME_VOICES, type Difficulty } from './enums';
import { LANGUAGES } from './languages';
import { configRecordOutput, configRecordUpdate } from './records';
import { requiredText, text } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config"); the client translates them.
export { DIFFICULTIES, REALTIME_VOICES };

/** One note per difficulty, each optional: the form and the answer key them by the same list. */
const perDifficulty = <Schema extends z.ZodType>(note: Schema) =>
  z.object(Object.fromEntries(DIFFICULTIES.map((difficulty) => [difficulty, note])) as Record<Difficulty, Schema>);

const note = text('config.personas.notesInvalid').max(4000, 'config.personas.notesTooLong').optional();

/** The persona form: its three texts (name, short and long description), plus how the AI prospect must sound and behave. */
export const personaFields = z.object({
  name: requiredText('config.personas.nameRequired', 120, 'config.personas.nameTooLong'),
  shortDescription: requiredText(
    'config.personas.shortDescriptionRequired',
    300,
    'config.personas.shortDescriptionTooLong',
  ),
  longDescription: requiredText(
    'config.personas.longDescriptionRequired',
    8000,
    'config.personas.longDescriptionTooLong',
  ),
  voice: z.enum(REALTIME_VOICES, 'config.personas.voiceInvalid'),
  language: z.enum(LANGUAGES, 'config.personas.languageInvalid'),
  /** Per difficulty; an empty note means "no special behaviour" and is not stored. */
  behaviourNotes: perDifficulty(note).default({}),
});
export type PersonaFields = z.infer<typeof personaFields>;
export type PersonaFieldsInput = z.input<typeof personaFields>;

export const updatePersonaInput = configRecordUpdate(personaFields);

export const personaOutput = configRecordOutput({
  name: z.string(),
  shortDescription: z.string(),
  longDescription: z.string(),
  voice: z.enum(REALTIME_VOICES),
  language: z.enum(LANGUAGES),
  behaviourNotes: perDifficulty(z.string().optional()),
});
export type Persona = z.infer<typeof personaOutput>;
