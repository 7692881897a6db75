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
import {
  AUDIT_ACTIONS,
  AUDIT_DOCUMENT_FIELDS,
  AUDIT_ENTITIES,
  AUDIT_TEXT_SEARCH_DAYS,
  auditDocumentQuerySchema,
  type AuditDocument,
} from '@vayu/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../app/api-client';
import { getErrorMessage, hasErrorCode } from '../../app/error-message';
import { notifyFailure } from '../../app/notifications';
import { describeFieldError } from '../../components/form';
import { useListState } from '../../components/list';
import { Pagination } from '../../components/pagination';
import { formatTotal } from '../../i18n';
import { useAuditDocuments } from './api/get-audit-documents';
import { formatAuditTime } from './audit-time';

const FIELD_SUGGESTIONS = [...AUDIT_DOCUMENT_FIELDS, 'newValue.status', 'oldValue.status', 'newValue.name'];
/** The values a closed-list field can take, offered as the value is typed. */
const VALUE_SUGGESTIONS: Record<string, readonly string[]> = {
  entity: AUDIT_ENTITIES,
  action: AUDIT_ACTIONS,
};
const SKELETON_DOCUMENTS = 3;

/**
 * `/mongo/auditLog` (site users): the audit trail as JSON documents, searched
 * by one field path and value (`newValue.status` = `DISABLED`) and/or free
 * text. The search and the page live in the URL.
 */
export function AuditDocumentList() {
  const { t } = useTranslation();
  const list = useListState(auditDocumentQuerySchema);
  const { query } = list;
  useDocumentTitle(`${t('pages.auditDocuments')} · ${t('common.appName')}`);

  const field = query.field ?? '';
  const value = query.value ?? '';
  const text = query.q ?? '';
  const documents = useAuditDocuments(query);

  const validation =
    hasErrorCode(documents.error, 'VALIDATION_FAILED') && isApiError(documents.error)
      ? documents.error
      : null;
  const serverErrorOf = (name: keyof SearchValues) => {
    const detail = validation?.details.find((item) => item.path === `querystring.${name}`);
    return detail ? describeFieldError(t, detail) : undefined;
  };

  useEffect(() => {
    if (documents.isError && !validation) notifyFailure(t('audit.documents.loadError'));
  }, [documents.isError, documents.errorUpdatedAt, validation, t]);

  const search = (next: SearchValues) =>
    list.change({ field: next.field || undefined, value: next.value || undefined, q: next.q || undefined });

  const items = documents.data?.items;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.auditDocuments')}</Title>
        <Text c="dimmed">{t('audit.documents.intro')}</Text>
      </Stack>

      {/* Keyed by the URL so the form starts over when the search changes from outside (back/forward). */}
      <DocumentSearchForm
        key={`${field}\n${value}\n${text}`}
        initial={{ field, value, q: text }}
        serverErrorOf={serverErrorOf}
        isSearching={documents.isFetching}
        onSearch={search}
        onClear={list.clear}
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
        <Stack gap="sm" role="status" aria-busy aria-label={t('common.loading')}>
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
            {t('audit.documents.caption', { total: formatTotal(documents.data) })}
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
          page={query.page}
          pageCount={documents.data.pageCount}
          total={documents.data}
          disabled={documents.isFetching}
          onChange={list.setPage}
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
  /** What the API said is wrong with a part of the search in the URL. */
  serverErrorOf: (name: keyof SearchValues) => string | undefined;
  isSearching: boolean;
  onSearch: (values: SearchValues) => void;
  onClear: () => void;
}

type SearchErrors = Partial<Record<keyof SearchValues, string>>;

/** Checks a search with the endpoint's own query schema before it goes to the URL. */
function checkSearch(values: SearchValues): SearchErrors {
  const parsed = auditDocumentQuerySchema.safeParse({
    field: values.field || undefined,
    value: values.value || undefined,
    q: values.q || undefined,
  });
  const errors: SearchErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const name = issue.path[0] as keyof SearchValues;
    errors[name] ??= issue.message;
  }
  return errors;
}

function DocumentSearchForm({
  initial,
  serverErrorOf,
  isSearching,
  onSearch,
  onClear,
}: DocumentSearchFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<SearchErrors>({});
  const fieldErrorOf = (name: keyof SearchValues) => errors[name] ?? serverErrorOf(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { field: draft.field.trim(), value: draft.value.trim(), q: draft.q.trim() };
    const found = checkSearch(next);
    setErrors(found);
    if (Object.keys(found).length === 0) onSearch(next);
  };
  const valueSuggestions = VALUE_SUGGESTIONS[draft.field.trim()] ?? [];
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
        <Autocomplete
          label={t('audit.documents.value')}
          description={t('audit.documents.valueHint')}
          data={valueSuggestions}
          value={draft.value}
          onChange={(next) => setDraft((d) => ({ ...d, value: next }))}
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
