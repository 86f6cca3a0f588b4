import { Divider, Stack } from '@mantine/core';
import { SsoSection } from '../identity/sso-section';
import { SamlSettings } from './saml-settings';
import { TwoFactorPolicySection } from './two-factor-policy-section';

/** /admin, Security tab: how the tenant's people sign in, one section after another. */
export function SecurityPanel() {
  return (
    <Stack gap="xl" maw={760}>
      <SsoSection />
      <SamlSettings />
      <Divider />
      <TwoFactorPolicySection />
    </Stack>
  );
}
