import { List, Text, VisuallyHidden } from '@mantine/core';
import { checkPassword, PASSWORD_RULES } from '@vayu/domain';
import { useTranslation } from 'react-i18next';

/** The five password rules (spec §5), ticked off live as the user types. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const passed = checkPassword(password ?? '');

  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {t('changePassword.rulesHeading')}
      </Text>
      <List size="sm" spacing={2} listStyleType="none">
        {PASSWORD_RULES.map((rule) => {
          const isMet = passed[rule.key];
          return (
            <List.Item key={rule.key} c={isMet ? 'teal' : 'dimmed'} data-rule={rule.key} data-met={isMet}>
              <span aria-hidden>{isMet ? '✓ ' : '○ '}</span>
              {t(`passwordRules.${rule.key}`)}
              <VisuallyHidden>
                {' '}
                ({isMet ? t('changePassword.ruleMet') : t('changePassword.ruleNotMet')})
              </VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
