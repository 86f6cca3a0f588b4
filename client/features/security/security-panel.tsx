import { Stack } from '@mantine/core';
import { TwoFactorPolicySection } from './two-factor-policy-section';

/** /admin, Security tab: the tenant's security settings, one section each, top to bottom. */
export function SecurityPanel() {
  return (
    <Stack gap="lg" maw={760}>
      <TwoFactorPolicySection />
    </Stack>
  );
}
