import { Button, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DERIVED_DATA_SOURCES, DERIVED_EXPRESSION_MAX_LENGTH } from '@vayu/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UnitOption } from '../../parameters';
import type { ExpressionElement, ExpressionPath, FormControl } from './form-model';

interface ExpressionRowEditorProps {
  control: FormControl;
  seriesIndex: number;
  rowIndex: number;
  rowCount: number;
  units: UnitOption[];
  disabled: boolean;
  onRemove: () => void;
  onMove: (to: number) => void;
  onInputFocus: (path: ExpressionPath, element: ExpressionElement) => void;
}

/** One expression row: when (optional), expression, data source and unit. */
export function ExpressionRowEditor({
  control,
  seriesIndex,
  rowIndex,
  rowCount,
  units,
  disabled,
  onRemove,
  onMove,
  onInputFocus,
}: ExpressionRowEditorProps) {
  const { t } = useTranslation();
  const base = `derivedStdParamList.${seriesIndex}.derivedExpressionProperties.${rowIndex}` as const;
  const labels = { number: rowIndex + 1, series: seriesIndex + 1 };
  const unitOptions = units.map((unit) => ({ value: unit.code, label: unit.label }));

  return (
    <Paper radius="sm" p="sm" bg="var(--mantine-color-gray-light)">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500}>
            {t('derivedParameters.form.rowTitle', { number: rowIndex + 1 })}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => onMove(rowIndex - 1)}
              disabled={disabled || rowIndex === 0}
              aria-label={t('derivedParameters.form.moveRowUp', labels)}
            >
              {t('derivedParameters.form.up')}
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => onMove(rowIndex + 1)}
              disabled={disabled || rowIndex === rowCount - 1}
              aria-label={t('derivedParameters.form.moveRowDown', labels)}
            >
              {t('derivedParameters.form.down')}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={onRemove}
              disabled={disabled || rowCount === 1}
              aria-label={t('derivedParameters.form.removeRow', labels)}
            >
              {t('derivedParameters.form.remove')}
            </Button>
          </Group>
        </Group>
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <ExpressionInput
              control={control}
              name={`${base}.conditionalStatement`}
              label={t('derivedParameters.fields.conditionalStatement')}
              placeholder={t('derivedParameters.form.conditionPlaceholder')}
              disabled={disabled}
              onInputFocus={onInputFocus}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <ExpressionInput
              control={control}
              name={`${base}.expressionParam`}
              label={t('derivedParameters.fields.expressionParam')}
              placeholder={t('derivedParameters.form.expressionPlaceholder')}
              required
              disabled={disabled}
              onInputFocus={onInputFocus}
            />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name={`${base}.dataSource`}
            render={({ field, fieldState }) => (
              <Select
                ref={field.ref}
                name={field.name}
                label={t('derivedParameters.fields.dataSource')}
                data={DERIVED_DATA_SOURCES.map((value) => ({
                  value,
                  label: t(`derivedParameters.dataSources.${value}`),
                }))}
                value={field.value ?? 'raw'}
                onChange={(next) => field.onChange(next ?? 'raw')}
                onBlur={field.onBlur}
                allowDeselect={false}
                disabled={disabled}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name={`${base}.unit`}
            render={({ field, fieldState }) => {
              const value = field.value ?? null;
              const data =
                value && !unitOptions.some((option) => option.value === value)
                  ? [...unitOptions, { value, label: value }]
                  : unitOptions;
              return (
                <Select
                  ref={field.ref}
                  name={field.name}
                  label={t('derivedParameters.fields.unit')}
                  placeholder={t('derivedParameters.form.noUnit')}
                  data={data}
                  value={value}
                  onChange={(next) => field.onChange(next)}
                  onBlur={field.onBlur}
                  clearable
                  searchable
                  disabled={disabled}
                  error={fieldState.error?.message}
                />
              );
            }}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

interface ExpressionInputProps {
  control: FormControl;
  name: ExpressionPath;
  label: string;
  placeholder: string;
  required?: boolean;
  disabled: boolean;
  onInputFocus: (path: ExpressionPath, element: ExpressionElement) => void;
}

function ExpressionInput({
  control,
  name,
  label,
  placeholder,
  required,
  disabled,
  onInputFocus,
}: ExpressionInputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Textarea
            ref={field.ref}
            name={field.name}
            label={label}
            placeholder={placeholder}
            value={field.value ?? ''}
            // An expression is one line: line breaks typed or pasted become spaces.
            onChange={(event) => field.onChange(event.currentTarget.value.replace(/\r?\n/g, ' '))}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            onFocus={(event) => onInputFocus(name, event.currentTarget)}
            onBlur={field.onBlur}
            autosize
            minRows={1}
            maxRows={6}
            required={required}
            maxLength={DERIVED_EXPRESSION_MAX_LENGTH}
            disabled={disabled}
            error={error}
            aria-invalid={error ? true : undefined}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        );
      }}
    />
  );
}
