import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DERIVED_EXPRESSION_ROWS_MAX, getDerivedSeriesName } from '@vayu/domain';
import { Controller, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UnitOption } from '../../parameters';
import { ExpressionRowEditor } from './expression-row-editor';
import { emptyRow, type ExpressionElement, type ExpressionPath, type FormControl } from './form-model';

interface SeriesEditorProps {
  control: FormControl;
  index: number;
  units: UnitOption[];
  disabled: boolean;
  canRemove: boolean;
  onRemove: () => void;
  onInputFocus: (path: ExpressionPath, element: ExpressionElement) => void;
}

/** One derived series: its label with the generated name, and its ordered expression rows. */
export function SeriesEditor({
  control,
  index,
  units,
  disabled,
  canRemove,
  onRemove,
  onInputFocus,
}: SeriesEditorProps) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control, name: `derivedStdParamList.${index}.derivedExpressionProperties` });
  const label = useWatch({ control, name: `derivedStdParamList.${index}.derivedParamLabel` });
  const name = getDerivedSeriesName(label ?? '');
  const number = index + 1;
  const headingId = `derived-series-${index}-heading`;
  const rowsError = useRowsError(control, index);

  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id={headingId}>
            {t('derivedParameters.form.seriesTitle', { number })}
          </Title>
          {canRemove && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              disabled={disabled}
              aria-label={t('derivedParameters.form.removeSeries', { number })}
            >
              {t('derivedParameters.form.remove')}
            </Button>
          )}
        </Group>
        <Controller
          control={control}
          name={`derivedStdParamList.${index}.derivedParamLabel`}
          render={({ field, fieldState }) => {
            const error = fieldState.error?.message;
            return (
              <TextInput
                ref={field.ref}
                name={field.name}
                label={t('derivedParameters.fields.derivedParamLabel')}
                placeholder={t('derivedParameters.form.seriesLabelPlaceholder')}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                onBlur={field.onBlur}
                required
                maxLength={100}
                disabled={disabled}
                error={error}
                aria-invalid={error ? true : undefined}
                description={
                  <>
                    {t('derivedParameters.form.generatedSeriesName')}{' '}
                    <Text span ff="monospace" size="xs" data-testid={`series-name-${index}`}>
                      {name || t('common.notSet')}
                    </Text>
                  </>
                }
              />
            );
          }}
        />
        {rows.fields.map((field, rowIndex) => (
          <ExpressionRowEditor
            key={field.id}
            control={control}
            seriesIndex={index}
            rowIndex={rowIndex}
            rowCount={rows.fields.length}
            units={units}
            disabled={disabled}
            onRemove={() => rows.remove(rowIndex)}
            onMove={(to) => rows.move(rowIndex, to)}
            onInputFocus={onInputFocus}
          />
        ))}
        {rowsError && (
          <Text size="sm" c="red" role="alert">
            {rowsError}
          </Text>
        )}
        <Group gap="sm">
          <Button
            size="xs"
            variant="light"
            onClick={() => rows.append(emptyRow(), { shouldFocus: true })}
            disabled={disabled || rows.fields.length >= DERIVED_EXPRESSION_ROWS_MAX}
          >
            {t('derivedParameters.form.addRow')}
          </Button>
          {rows.fields.length >= DERIVED_EXPRESSION_ROWS_MAX && (
            <Text size="sm" c="dimmed">
              {t('derivedParameters.form.maxReached', { count: DERIVED_EXPRESSION_ROWS_MAX })}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The message about a series' rows as a whole (none left), if any. */
function useRowsError(control: FormControl, index: number): string | undefined {
  const { errors } = useFormState({
    control,
    name: `derivedStdParamList.${index}.derivedExpressionProperties`,
  });
  const rowsErrors = errors.derivedStdParamList?.[index]?.derivedExpressionProperties;
  return rowsErrors?.message ?? rowsErrors?.root?.message;
}
