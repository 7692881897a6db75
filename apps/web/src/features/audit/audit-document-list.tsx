import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { AUDIT_DOCUMENT_FIELDS, AUDIT_TEXT_SEARCH_DAYS, type AuditDocument } from '@vayu/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../app/api-client';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';
import { Pagination } from '../../components/pagination';
import { formatNumber } from '../../i18n';
import { useAuditDocuments } from './api/get-audit-documents';
import { readPage, PARAMS, withParams } from './audit-filters';
import { formatAuditTime } from './audit-time';

const FIELD_SUGGESTIONS = [...AUDIT_DOCUMENT_FIELDS, 'newValue.status', 'oldValue.status', 'newValue.name'];
const SKELETON_DOCUMENTS = 3;

/**
 * `/mongo/auditLog` (site users): the audit trail as JSON documents, searched
 * by one field path and value (`newValue.status` = `DISABLED`) and/or free
 * text. The search and the page live in the URL.
 */
export function AuditDocumentList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(`${t('audit.documents.title')} · ${t('common.appName')}`);

  const field = searchParams.get('field') ?? '';
  const value = searchParams.get('value') ?? '';
  const text = searchParams.get('q') ?? '';
  const page = readPage(searchParams);
  const documents = useAuditDocuments({
    field: field || undefined,
    value: value || undefined,
    q: text || undefined,
    page,
  });

  const validation = isApiError(documents.error) && documents.error.status === 400 ? documents.error : null;
  const fieldErrorOf = (name: string) =>
    validation?.details.find((detail) => detail.path === `querystring.${name}`)?.message;

  useEffect(() => {
    if (documents.isError && !validation) notifyFailure(t('audit.documents.loadError'));
  }, [documents.isError, documents.errorUpdatedAt, validation, t]);

  const search = (next: SearchValues) =>
    setSearchParams((params) =>
      withParams(params, { field: next.field.trim(), value: next.value.trim(), q: next.q.trim() }),
    );
  const clear = () => setSearchParams(new URLSearchParams());

  const items = documents.data?.items;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('audit.documents.title')}</Title>
        <Text c="dimmed">{t('audit.documents.intro')}</Text>
      </Stack>

      {/* Keyed by the URL so the form starts over when the search changes from outside (back/forward). */}
      <DocumentSearchForm
        key={`${field}\n${value}\n${text}`}
        initial={{ field, value, q: text }}
        fieldErrorOf={fieldErrorOf}
        isSearching={documents.isFetching}
        onSearch={search}
        onClear={clear}
      />

      {validation ? null : documents.isError ? (
        <Alert color="red" variant="light" title={t('audit.documents.loadError')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{getErrorMessage(t, documents.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void documents.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !items ? (
        <Stack gap="sm" aria-busy aria-label={t('common.loading')}>
          {Array.from({ length: SKELETON_DOCUMENTS }, (_, index) => (
            <Skeleton key={index} height={160} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t('audit.documents.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md" aria-busy={documents.isPlaceholderData}>
          <Text size="sm" c="dimmed" role="status">
            {t('audit.documents.caption', { total: formatNumber(documents.data?.total ?? 0) })}
          </Text>
          <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <DocumentCard key={item.id} item={item} />
            ))}
          </Stack>
        </Stack>
      )}

      {documents.data && (
        <Pagination
          page={page}
          pageCount={documents.data.pageCount}
          disabled={documents.isFetching}
          onChange={(next) => setSearchParams((params) => withParams(params, { [PARAMS.page]: next }))}
        />
      )}
    </Stack>
  );
}

interface SearchValues {
  field: string;
  value: string;
  q: string;
}

interface DocumentSearchFormProps {
  initial: SearchValues;
  fieldErrorOf: (name: keyof SearchValues) => string | undefined;
  isSearching: boolean;
  onSearch: (values: SearchValues) => void;
  onClear: () => void;
}

function DocumentSearchForm({
  initial,
  fieldErrorOf,
  isSearching,
  onSearch,
  onClear,
}: DocumentSearchFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} role="search">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Autocomplete
          label={t('audit.documents.field')}
          description={t('audit.documents.fieldHint')}
          data={FIELD_SUGGESTIONS}
          value={draft.field}
          onChange={(next) => setDraft((d) => ({ ...d, field: next }))}
          error={fieldErrorOf('field')}
          autoComplete="off"
          w={260}
        />
        <TextInput
          label={t('audit.documents.value')}
          description={t('audit.documents.valueHint')}
          value={draft.value}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setDraft((d) => ({ ...d, value: next }));
          }}
          error={fieldErrorOf('value')}
          autoComplete="off"
          w={220}
        />
        <TextInput
          label={t('audit.documents.text')}
          description={t('audit.documents.textHint', { days: AUDIT_TEXT_SEARCH_DAYS })}
          value={draft.q}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setDraft((d) => ({ ...d, q: next }));
          }}
          error={fieldErrorOf('q')}
          autoComplete="off"
          w={300}
        />
        <Group gap="xs" mt={44}>
          <Button type="submit" loading={isSearching}>
            {t('audit.documents.search')}
          </Button>
          <Button variant="default" onClick={onClear}>
            {t('audit.documents.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function DocumentCard({ item }: { item: AuditDocument }) {
  const { t } = useTranslation();
  const createdAt = typeof item.document.createdAt === 'string' ? item.document.createdAt : null;
  const label = t('audit.documents.documentLabel', {
    id: item.id,
    time: createdAt ? formatAuditTime(createdAt) : '',
  });
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={label}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Anchor component={Link} to={`/auditDetails/${item.id}`} size="sm">
          {t('audit.documents.openDetail', { id: item.id })}
        </Anchor>
      </Group>
      {/* Scrolls on its own, so it takes focus for keyboard scrolling. */}
      <Code block role="region" aria-label={label} tabIndex={0} style={{ maxHeight: 360, overflow: 'auto' }}>
        {JSON.stringify(item.document, null, 2)}
      </Code>
    </Paper>
  );
}
