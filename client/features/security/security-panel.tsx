import { Divider, Stack } from '@mantine/core';
import { WithScreenTexts } from '../i18n/screen-texts';
import { SsoSection } from '../identity/sso-section';
import { SamlSettings } from './saml-settings';
import { TwoFactorPolicySection } from './two-factor-policy-section';

/** /admin, Security tab: how the tenant's people sign in, one section after another. */
export function SecurityPanel() {
  return (
    <WithScreenTexts namespaces={['identity', 'sso']}>
      <Stack gap="xl" maw={760}>
        <SsoSection />
        <SamlSettings />
        <Divider />
        <TwoFactorPolicySection />
      </Stack>
    </WithScreenTexts>
  );
}
