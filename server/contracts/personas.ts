import { z } from 'zod';
import { DIFFICULTIES, REALTIME_VOICES } from './enums';
import { LANGUAGES } from './languages';
import { configRecordUpdate } from './records';
import { text } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config"); the client translates them.
export { DIFFICULTIES, REALTIME_VOICES };

const note = text('config.personas.notesInvalid').max(4000, 'config.personas.notesTooLong').optional();

/** The persona form: its three texts (name, short and long description), plus how the AI prospect must sound and behave. */
export const personaFields = z.object({
  name: text('config.personas.nameRequired')
    .min(1, 'config.personas.nameRequired')
    .max(120, 'config.personas.nameTooLong'),
  shortDescription: text('config.personas.shortDescriptionRequired')
    .min(1, 'config.personas.shortDescriptionRequired')
    .max(300, 'config.personas.shortDescriptionTooLong'),
  longDescription: text('config.personas.longDescriptionRequired')
    .min(1, 'config.personas.longDescriptionRequired')
    .max(8000, 'config.personas.longDescriptionTooLong'),
  voice: z.enum(REALTIME_VOICES, 'config.personas.voiceInvalid'),
  language: z.enum(LANGUAGES, 'config.personas.languageInvalid'),
  /** Per difficulty; an empty note means "no special behaviour" and is not stored. */
  behaviourNotes: z.object({ easy: note, medium: note, hard: note, expert: note }).default({}),
});
export type PersonaFields = z.infer<typeof personaFields>;
export type PersonaFieldsInput = z.input<typeof personaFields>;

export const updatePersonaInput = configRecordUpdate(personaFields);

export const personaOutput = z.object({
  id: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  longDescription: z.string(),
  voice: z.enum(REALTIME_VOICES),
  language: z.enum(LANGUAGES),
  behaviourNotes: z.object({
    easy: z.string().optional(),
    medium: z.string().optional(),
    hard: z.string().optional(),
    expert: z.string().optional(),
  }),
  updatedAt: z.string(),
});
export type Persona = z.infer<typeof personaOutput>;
