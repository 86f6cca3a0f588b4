import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { ChoiceSelect, LanguageChoiceSelect } from '../../components/choice-select';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { BOOKING_PROVIDERS, type BookingProvider } from '../../../server/contracts/enums';
import { campaignInput, type CampaignRow } from '../../../server/contracts/campaigns';
import type { Language } from '../../../server/contracts/languages';
import { errorMessage, formFieldMessages, issueMessages } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useCtaT } from './use-cta-t';
import { submitWith } from '../../lib/submit';
import { FormModal } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';
import { nameOptions } from '../../lib/name-options';

type Fields = {
  slug: string;
  name: string;
  subHeader: string;
  introParagraph: string;
  afterMessage: string;
  bannerMessage: string;
  ctaInstructions: string;
  language: Language;
  linkExpirationDays: number | string;
  simulationId: string | null;
  bookingProvider: BookingProvider;
  bookingUrl: string;
};

const empty: Fields = {
  slug: '',
  name: '',
  subHeader: '',
  introParagraph: '',
  afterMessage: '',
  bannerMessage: '',
  ctaInstructions: '',
  language: 'en',
  linkExpirationDays: 7,
  simulationId: null,
  bookingProvider: 'none',
  bookingUrl: '',
};

const fromRow = (c: CampaignRow): Fields => ({ ...c, simulationId: c.simulationId, bookingUrl: c.bookingUrl ?? '' });

/** Create or edit a campaign, with a message under each field that is missing or wrong. */
export function CampaignForm({
  campaign,
  onClose,
  onSaved,
}: {
  campaign: CampaignRow | null;
  onClose: () => void;
  onSaved: (c: CampaignRow) => void;
}) {
  const { t } = useCtaT();
  const [v, setV] = useState<Fields>(campaign ? fromRow(campaign) : empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sims = useQuery(trpc.simulations.list.queryOptions({}));
  const create = useMutation(trpc.campaigns.create.mutationOptions({ onSuccess: onSaved }));
  const update = useMutation(trpc.campaigns.update.mutationOptions({ onSuccess: onSaved }));
  const m = campaign ? update : create;
  const set = <K extends keyof Fields>(k: K, value: Fields[K]) => setV((p) => ({ ...p, [k]: value }));
  const { server: serverErrors, err } = formFieldMessages(t, errors, m);

  /** A text field's value, its change and its message. */
  const text = (k: Exclude<keyof Fields, 'language' | 'linkExpirationDays' | 'simulationId' | 'bookingProvider'>) => ({
    value: v[k],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(k, e.currentTarget.value),
    error: err(k),
  });

  /** A text of several lines that grows as it is written, with its help under the label. */
  const longText = (
    k: 'introParagraph' | 'afterMessage' | 'bannerMessage' | 'ctaInstructions',
    help: 'introHelp' | 'afterHelp' | 'bannerHelp' | 'ctaInstructionsHelp',
    minRows: number,
    required = false,
  ) => (
    <Textarea
      label={t(`form.${k}`)}
      description={t(`form.${help}`)}
      {...text(k)}
      autosize
      minRows={minRows}
      required={required}
    />
  );

  const submit = () => {
    const parsed = campaignInput.safeParse({
      ...v,
      linkExpirationDays: typeof v.linkExpirationDays === 'number' ? v.linkExpirationDays : Number.NaN,
      bookingUrl: v.bookingProvider === 'none' ? null : v.bookingUrl,
    });
    if (!parsed.success) return setErrors(issueMessages(t, parsed.error.issues));
    setErrors({});
    if (campaign) update.mutate({ ...parsed.data, id: campaign.id });
    else create.mutate(parsed.data);
  };

  return (
    <FormModal
      onClose={onClose}
      title={campaign ? t('form.titleEdit') : t('form.titleNew')}
      size="xl"
      onSubmit={submitWith(submit)}
      noValidate
      cancelLabel={t('app.cancel')}
      confirmLabel={campaign ? t('form.save') : t('form.create')}
      loading={m.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('form.slug')} description={t('form.slugHelp')} {...text('slug')} required data-autofocus />
        <TextInput label={t('form.name')} {...text('name')} required />
      </SimpleGrid>
      <Select
        label={t('form.simulation')}
        placeholder={t('form.simulationPlaceholder')}
        data={nameOptions(sims.data)}
        value={v.simulationId}
        onChange={(id) => set('simulationId', id)}
        error={err('simulationId') ?? (sims.isError ? t('form.simulationsFailed') : undefined)}
        searchable
        required
      />
      <TextInput label={t('form.subHeader')} {...text('subHeader')} />
      {longText('introParagraph', 'introHelp', 3, true)}
      {longText('afterMessage', 'afterHelp', 2, true)}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LanguageChoiceSelect
          label={t('form.language')}
          description={t('form.languageHelp')}
          withAsterisk={false}
          value={v.language}
          onChange={(l) => set('language', l)}
          error={err('language')}
        />
        <NumberInput
          label={t('form.expiration')}
          description={t('form.expirationHelp')}
          value={v.linkExpirationDays}
          onChange={(n) => set('linkExpirationDays', n)}
          min={1}
          max={90}
          allowDecimal={false}
          error={err('linkExpirationDays')}
          required
        />
      </SimpleGrid>
      {longText('bannerMessage', 'bannerHelp', 2)}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ChoiceSelect
          label={t('form.bookingProvider')}
          withAsterisk={false}
          values={BOOKING_PROVIDERS}
          optionLabel={(p) => t(`providers.${p}`)}
          value={v.bookingProvider}
          onChange={(p) => set('bookingProvider', p)}
        />
        {v.bookingProvider !== 'none' && (
          <TextInput
            label={t('form.bookingUrl')}
            description={t(`form.bookingUrlHelp.${v.bookingProvider}`)}
            {...text('bookingUrl')}
            required
          />
        )}
      </SimpleGrid>
      {longText('ctaInstructions', 'ctaInstructionsHelp', 2)}
      {m.isError && !serverErrors && (
        <ErrorAlert>
          {t('campaigns.saveFailed')} {errorMessage(t, m.error)}
        </ErrorAlert>
      )}
    </FormModal>
  );
}
