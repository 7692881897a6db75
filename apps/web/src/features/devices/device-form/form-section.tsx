import { Fieldset, type FieldsetProps } from '@mantine/core';

/** A titled part of the device form (General, Analyser, …): a fieldset whose legend reads as a heading. */
export function FormSection({ legend, children, ...props }: FieldsetProps) {
  return (
    <Fieldset
      {...props}
      legend={legend}
      variant="unstyled"
      styles={{
        legend: {
          fontWeight: 700,
          fontSize: 'var(--mantine-font-size-md)',
          marginBottom: 'var(--mantine-spacing-xs)',
        },
      }}
    >
      {children}
    </Fieldset>
  );
}
