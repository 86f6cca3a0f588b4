import { z } from 'zod';
import { LANGUAGES } from './languages';
import { CLIENT_TYPES } from './enums';
import { requiredText, text } from './text';
import { stampsOutput } from './records';

/** The client's immutable key: a lowercase slug, 2–63 characters, starting with a letter. */
const SCHEMA_NAME_PATTERN = /^[a-z][a-z0-9-]{1,62}$/;

const clientTypeSchema = z.enum(CLIENT_TYPES, 'clients.validation.typeInvalid');
const clientLanguageSchema = z.enum(LANGUAGES, 'clients.validation.languageInvalid');

const schemaNameSchema = text('clients.validation.schemaNameRequired')
  .min(1, 'clients.validation.schemaNameRequired')
  .regex(SCHEMA_NAME_PATTERN, 'clients.validation.schemaNameInvalid');

const name = requiredText('clients.validation.nameRequired', 120, 'clients.validation.nameTooLong');
const optionalText = (max: number, key: string) =>
  text()
    .max(max, key)
    .nullish()
    .transform((v) => v || null);

const clientFields = z.object({
  name,
  domain: optionalText(253, 'clients.validation.domainTooLong').refine(
    (v) => v === null || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(v),
    'clients.validation.domainInvalid',
  ),
  type: clientTypeSchema,
  tier: optionalText(60, 'clients.validation.tierTooLong'),
  defaultLanguage: clientLanguageSchema,
});

export const clientIdParam = z.object({ id: z.uuid('clients.validation.idInvalid') });

export const createClientInput = clientFields.extend({ schemaName: schemaNameSchema });

/** The schema name may be sent back unchanged (the edit form shows it); a different one is refused. */
export const updateClientInput = clientFields.extend({
  id: z.uuid('clients.validation.idInvalid'),
  schemaName: text().optional(),
});

export const duplicateClientInput = z.object({
  id: z.uuid('clients.validation.idInvalid'),
  name,
  schemaName: schemaNameSchema,
});

export const deleteClientInput = z.object({
  id: z.uuid('clients.validation.idInvalid'),
  confirmSchemaName: text('clients.validation.confirmRequired').min(1, 'clients.validation.confirmRequired'),
});

export const clientOutput = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  type: clientTypeSchema,
  tier: z.string().nullable(),
  schemaName: z.string(),
  defaultLanguage: clientLanguageSchema,
  ...stampsOutput,
  userCount: z.number().int(),
});
export type ClientOutput = z.infer<typeof clientOutput>;

/** What deleting a client removes, per kind of record (only kinds with rows are listed). */
export const deletionPreviewOutput = z.object({
  client: z.object({ id: z.string(), name: z.string(), schemaName: z.string() }),
  items: z.array(z.object({ key: z.string(), count: z.number().int() })),
  /** Deleting the client the superuser belongs to is refused. */
  isOwnClient: z.boolean(),
});

export const duplicateClientOutput = z.object({
  client: clientOutput,
  copied: z.array(z.object({ key: z.string(), count: z.number().int() })),
});
