import { Stack } from '@mantine/core';
import { SsoSection } from '../identity/sso-section';

/** /admin, Security tab: how the tenant's people sign in, one section after another. */
export function SecurityPanel() {
  return (
    <Stack gap="xl">
      <SsoSection />
    </Stack>
  );
}
