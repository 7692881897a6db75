import { ActionIcon, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { AlertBellIcon } from './alert-bell-icon';

export const ALERTS_PATH = '/alerts';

/**
 * The header's alerts button: a bell linking to the alerts screen, with the
 * number of open alerts on its corner when there are some. It keeps one size
 * whatever the number, so the header does not move when the count arrives.
 */
export function AlertsButton({ label, countText }: { label: string; countText: string | null }) {
  return (
    <ActionIcon
      component={Link}
      to={ALERTS_PATH}
      size={36}
      variant="subtle"
      color={countText === null ? 'gray' : 'red'}
      aria-label={label}
      title={label}
      style={{ flexShrink: 0, position: 'relative', overflow: 'visible' }}
    >
      <AlertBellIcon size={20} />
      {countText !== null && (
        // The number is in the button's name already ("3 open alerts").
        <Badge
          component="span"
          aria-hidden="true"
          size="xs"
          color="red"
          variant="filled"
          px={4}
          style={{ position: 'absolute', top: 0, right: -4, minWidth: 18, pointerEvents: 'none' }}
        >
          {countText}
        </Badge>
      )}
    </ActionIcon>
  );
}
