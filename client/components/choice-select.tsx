import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../lib/i18n';

interface Props<V extends string> extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** The values to choose among, in the order shown. */
  values: readonly V[];
  /** A value's name in the list. */
  optionLabel: (value: V) => string;
  value?: V | null;
  onChange?: (value: V) => void;
}

/**
 * A choice among fixed values that always holds one: it cannot be cleared, and it is marked
 * required unless `withAsterisk={false}` says it has a default nobody must pick.
 */
export function ChoiceSelect<V extends string>({
  values,
  optionLabel,
  withAsterisk = true,
  onChange,
  ...select
}: Props<V>) {
  return (
    <Select
      withAsterisk={withAsterisk}
      allowDeselect={false}
      data={values.map((value) => ({ value, label: optionLabel(value) }))}
      onChange={(value) => value !== null && onChange?.(value as V)}
      {...select}
    />
  );
}

/** A choice of one of the product's languages, each named by the shared `languages.*` texts. */
export function LanguageChoiceSelect(props: Omit<Props<Language>, 'values' | 'optionLabel'>) {
  const { t } = useTranslation();
  return <ChoiceSelect values={LANGUAGES} optionLabel={(l) => t(`languages.${l}`)} {...props} />;
}
