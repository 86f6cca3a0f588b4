import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkPassword, DEFAULT_SPECIALS, type PasswordRule } from '../../../server/contracts/password-policy';
import type { PasswordPolicy } from '../../../server/contracts/password-policy';

/** The rules the policy enforces, in display order. */
function policyRules(policy: PasswordPolicy): PasswordRule[] {
  if (policy.enforcementState === 'OFF') return ['minLength'];
  const rules: PasswordRule[] = ['minLength'];
  if (policy.maxLength !== undefined) rules.push('maxLength');
  if (policy.requireLowercase) rules.push('lowercase');
  if (policy.requireUppercase) rules.push('uppercase');
  if (policy.requireNumeric) rules.push('numeric');
  if (policy.requireNonAlphanumeric) rules.push('nonAlphanumeric');
  if (policy.allowedNonAlphanumericCharacters !== undefined) rules.push('disallowedCharacter');
  return rules;
}

/** Live checklist of the password policy for the password being typed. */
export function PasswordChecklist({ policy, password }: { policy: PasswordPolicy; password: string }) {
  const { t } = useTranslation();
  const broken = new Set(checkPassword(password, policy));
  const values = {
    min: policy.enforcementState === 'OFF' ? 1 : policy.minLength,
    max: policy.maxLength,
    chars: policy.allowedNonAlphanumericCharacters ?? DEFAULT_SPECIALS,
  };
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id="password-requirements">
        {t('profile.password.requirements')}
      </Text>
      <List spacing={4} size="sm" aria-labelledby="password-requirements" center>
        {policyRules(policy).map((rule) => {
          const ok = !broken.has(rule);
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={ok}
              icon={
                <ThemeIcon color={ok ? 'teal' : 'gray'} size={18} radius="xl" aria-hidden>
                  {ok ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text span size="sm" c={ok ? 'teal.8' : 'dimmed'}>
                {t(`profile.password.rules.${rule}`, values)}
              </Text>
              <VisuallyHidden> ({ok ? t('profile.password.met') : t('profile.password.notMet')})</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
