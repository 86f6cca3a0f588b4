import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A dialog whose close button is named "Close" in the user's language, as every dialog's is. */
export function AppModal(props: ModalProps) {
  const { t } = useTranslation('common');
  return <Modal closeButtonProps={{ 'aria-label': t('app.close') }} {...props} />;
}
