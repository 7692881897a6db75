import {
  Alert,
  Badge,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { EXPRESSION_FUNCTIONS } from '@vayu/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './expression-key-reference.module.css';

/** A key shown in the reference: of the catalogue, or a series of the parameter being edited ("own"). */
export interface ReferenceKey {
  key: string;
  label: string;
  kind: 'standard' | 'derived' | 'own';
  unit: string | null;
  /** The derived parameter a derived series belongs to. */
  owner: string | null;
}

/** Only so many rows are drawn; the search narrows the rest. */
const SHOWN_KEYS = 60;

interface ExpressionKeyReferenceProps {
  keys: ReferenceKey[];
  isLoading: boolean;
  isError: boolean;
  onInsert: (text: string) => void;
}

/**
 * What an expression may use: every parameter key and derived series name
 * (from `/api/derivedParameters/keys`, plus the series of this form), the
 * functions and the operators. Choosing a key inserts it where the user last
 * typed a condition or an expression.
 */
export function ExpressionKeyReference({ keys, isLoading, isError, onInsert }: ExpressionKeyReferenceProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? keys.filter(
        (item) =>
          item.key.toLowerCase().includes(needle) ||
          item.label.toLowerCase().includes(needle) ||
          (item.owner ?? '').toLowerCase().includes(needle),
      )
    : keys;
  const shown = matching.slice(0, SHOWN_KEYS);

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="aside"
      aria-labelledby="expression-keys-heading"
      className={classes.panel}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="expression-keys-heading">
          {t('derivedParameters.keys.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('derivedParameters.keys.hint')}
        </Text>
        {isError && (
          <Alert color="orange" variant="light">
            {t('derivedParameters.keys.loadError')}
          </Alert>
        )}
        <TextInput
          type="search"
          label={t('derivedParameters.keys.search')}
          placeholder={t('derivedParameters.keys.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
        />
        {isLoading ? (
          <Stack gap={6} role="status" aria-busy aria-label={t('common.loading')}>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} height={28} />
            ))}
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('derivedParameters.keys.none')}
              </Text>
            ) : (
              <ul className={classes.list} aria-label={t('derivedParameters.keys.title')}>
                {shown.map((item) => (
                  <li key={`${item.kind}:${item.key}`} className={classes.item}>
                    {/* The button covers the row; the key it inserts is the text under it. */}
                    <UnstyledButton
                      className={classes.key}
                      onClick={() => onInsert(item.key)}
                      aria-label={t('derivedParameters.keys.insert', { key: item.key })}
                      data-testid="expression-key"
                    />
                    <Group gap={6} wrap="nowrap" justify="space-between">
                      <Text size="sm" ff="monospace" fw={500} className={classes.keyText}>
                        {item.key}
                      </Text>
                      <Badge size="xs" variant="light" color={item.kind === 'standard' ? 'blue' : 'grape'}>
                        {item.kind === 'own'
                          ? t('derivedParameters.keys.thisParameter')
                          : t(`derivedParameters.kinds.${item.kind}`)}
                      </Badge>
                    </Group>
                    {(item.label || item.unit || item.owner) && (
                      <Text size="xs" c="dimmed">
                        {[item.owner, item.label, item.unit].filter(Boolean).join(' · ')}
                      </Text>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {matching.length > shown.length && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('derivedParameters.keys.more', { count: matching.length - shown.length })}
              </Text>
            )}
          </ScrollArea.Autosize>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('derivedParameters.keys.functions')}
          </Text>
          <Group gap={4}>
            {EXPRESSION_FUNCTIONS.map((name) => (
              <Badge
                key={name}
                component="button"
                type="button"
                variant="outline"
                radius="sm"
                className={classes.function}
                onClick={() => onInsert(`${name}(`)}
                aria-label={t('derivedParameters.keys.insert', { key: `${name}()` })}
              >
                {name}()
              </Badge>
            ))}
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('derivedParameters.keys.operators')}
          </Text>
          <Text size="sm" ff="monospace">
            {t('derivedParameters.keys.operatorList')}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
