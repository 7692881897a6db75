import { Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { FormInput } from './form-values';

interface StateSwitchProps {
  control: Control<FormInput>;
  name: 'isRemoteCalibration' | 'isCalibrationThroughUtility';
  title: string;
  /** What the switch's own label reads in each position. */
  stateLabel: (on: boolean) => string;
  description: string;
  color?: string;
  onToggle?: (on: boolean) => void;
  disabled: boolean;
}

/**
 * A switch under its title whose label reads its state: the remote
 * calibration switch reads ENABLED or DISABLED (spec §4). Its accessible name
 * is the title and the state, e.g. "Remote calibration ENABLED".
 */
export function StateSwitch({
  control,
  name,
  title,
  stateLabel,
  description,
  color,
  onToggle,
  disabled,
}: StateSwitchProps) {
  const titleId = useId();
  const stateId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={titleId}>
            {title}
          </Text>
          <Switch
            ref={field.ref}
            name={field.name}
            aria-labelledby={`${titleId} ${stateId}`}
            label={<span id={stateId}>{stateLabel(Boolean(field.value))}</span>}
            description={description}
            checked={Boolean(field.value)}
            onChange={(event) => {
              field.onChange(event.currentTarget.checked);
              onToggle?.(event.currentTarget.checked);
            }}
            onBlur={field.onBlur}
            disabled={disabled}
            color={color}
          />
        </Stack>
      )}
    />
  );
}
