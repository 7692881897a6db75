import { Button, Group, Text, TextInput } from '@mantine/core';
import { getPageLinks, isPagerVisible, parsePageNumber, type TotalKind } from '@vayu/domain';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTotal } from '../i18n';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** Page links shown at most, ellipses included: default 9, clamped to 5..10. */
  maxLinks?: number;
  /** First and last page buttons; off by default (spec §2). */
  showFirstLast?: boolean;
  /** Previous and next page buttons; on by default. */
  showPreviousNext?: boolean;
  /** A "go to page" input that accepts only a page that exists. */
  showGoTo?: boolean;
  disabled?: boolean;
  /** Names the navigation landmark when a screen has more than one pager. */
  label?: string;
  /**
   * The list's total. When it is an estimate or a lower bound the pager says
   * so ("about 98,000 in all", "more than 1,000 in all"); the page count then
   * always offers the next page while there is one.
   */
  total?: { total: number; totalKind: TotalKind } | undefined;
}

/**
 * The pagination control of every paged list (spec §2, §5): page numbers with
 * ellipses from `getPageLinks`, hidden when there is only one page.
 */
export function Pagination({
  page,
  pageCount,
  onChange,
  maxLinks,
  showFirstLast = false,
  showPreviousNext = true,
  showGoTo = false,
  disabled = false,
  label,
  total,
}: PaginationProps) {
  const { t } = useTranslation();
  if (!isPagerVisible(pageCount)) return null;

  const lastPage = Math.trunc(pageCount);
  const current = Math.min(lastPage, Math.max(1, Math.trunc(page)));
  const links = getPageLinks(current, lastPage, maxLinks);
  const goTo = (target: number) => {
    if (target !== current) onChange(target);
  };

  return (
    <Group
      component="nav"
      aria-label={label ?? t('pagination.label')}
      gap="xs"
      wrap="wrap"
      align="flex-start"
    >
      <Group gap={4} wrap="wrap">
        {showFirstLast && (
          <PagerButton
            label={t('pagination.first')}
            disabled={disabled || current === 1}
            onClick={() => goTo(1)}
          >
            «
          </PagerButton>
        )}
        {showPreviousNext && (
          <PagerButton
            label={t('pagination.previous')}
            disabled={disabled || current === 1}
            onClick={() => goTo(current - 1)}
          >
            ‹
          </PagerButton>
        )}
        {links.map((link) =>
          link.type === 'ellipsis' ? (
            <Text key={`ellipsis-${link.key}`} component="span" c="dimmed" px={4} aria-hidden>
              …
            </Text>
          ) : (
            <Button
              key={link.page}
              size="compact-sm"
              miw={32}
              variant={link.isCurrent ? 'filled' : 'default'}
              aria-label={t('pagination.page', { page: link.page })}
              aria-current={link.isCurrent ? 'page' : undefined}
              disabled={disabled}
              onClick={() => goTo(link.page)}
            >
              {link.page}
            </Button>
          ),
        )}
        {showPreviousNext && (
          <PagerButton
            label={t('pagination.next')}
            disabled={disabled || current === lastPage}
            onClick={() => goTo(current + 1)}
          >
            ›
          </PagerButton>
        )}
        {showFirstLast && (
          <PagerButton
            label={t('pagination.last')}
            disabled={disabled || current === lastPage}
            onClick={() => goTo(lastPage)}
          >
            »
          </PagerButton>
        )}
      </Group>
      {showGoTo && <GoToPage pageCount={lastPage} disabled={disabled} onGo={goTo} />}
      {total && total.totalKind !== 'exact' && (
        <Text component="span" size="sm" c="dimmed" py={2}>
          {t('pagination.totalInAll', { total: formatTotal(total) })}
        </Text>
      )}
    </Group>
  );
}

interface PagerButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: string;
}

function PagerButton({ label, disabled, onClick, children }: PagerButtonProps) {
  return (
    <Button
      size="compact-sm"
      miw={32}
      variant="default"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <span aria-hidden>{children}</span>
    </Button>
  );
}

interface GoToPageProps {
  pageCount: number;
  disabled: boolean;
  onGo: (page: number) => void;
}

function GoToPage({ pageCount, disabled, onGo }: GoToPageProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const target = parsePageNumber(value, pageCount);
    if (target === null) {
      setError(t('pagination.invalidPage', { last: pageCount }));
      return;
    }
    setError(null);
    setValue('');
    onGo(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A pager may sit inside a form; Enter here must not submit that form.
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Group gap={4} align="flex-start" wrap="nowrap">
      <TextInput
        size="xs"
        w={150}
        aria-label={t('pagination.goTo')}
        placeholder={t('pagination.goTo')}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        error={error}
        disabled={disabled}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <Button size="xs" variant="default" disabled={disabled} onClick={submit}>
        {t('pagination.go')}
      </Button>
    </Group>
  );
}
