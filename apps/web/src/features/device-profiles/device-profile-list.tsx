import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PROFILE_LIST_TYPES, UNITS, type DeviceProfile } from '@vayu/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { useSessionUser } from '../../app/session';
import { DataTableEmpty, DataTableError } from '../../components/data-table';
import { ConfirmDeleteButton } from '../../components/list';
import { SegmentedChoice } from '../../components/segmented-choice';
import { countLoaded, useDeleteDeviceProfile, useDeviceProfiles, type ProfileListType } from './api';
import { DeviceProfileDialog } from './device-profile-dialog';

const UNIT_LABELS = new Map<string, string>(UNITS.map((unit) => [unit.code, unit.label]));

function readType(value: string | null): ProfileListType {
  return PROFILE_LIST_TYPES.find((type) => type === value) ?? 'all';
}

type Editing = { profile: DeviceProfile | null } | null;

/**
 * `/devices/profiles`: the device profiles by name, of one type or all (the
 * type in the URL), loaded a page at a time as the list scrolls into view or
 * "Load more" is pressed. Site users add, edit and delete them.
 */
/**
 * Each profile once. Pages are asked by offset (spec §4): a profile added
 * before the loaded ones while the next page is asked for pushes one already
 * shown into that page, and it would be listed twice.
 */
export function distinctProfiles<T extends { id: number }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

export function DeviceProfileList() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canManage = user?.userType === 'site';
  const [searchParams, setSearchParams] = useSearchParams();
  const type = readType(searchParams.get('type'));
  const profiles = useDeviceProfiles(type);
  const remove = useDeleteDeviceProfile();
  const [editing, setEditing] = useState<Editing>(null);
  useDocumentTitle(`${t('pages.deviceProfiles')} · ${t('common.appName')}`);

  const pages = profiles.data?.pages;
  const items = pages && distinctProfiles(pages.flatMap((page) => page.items));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = profiles;

  // The sentinel below the list asks for the next page when it scrolls into view; it stays
  // observed, so a short page that leaves it visible leads straight to the next (empty) one.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    if (!hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage({ cancelRefetch: false });
      },
      { rootMargin: '240px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, items?.length]);

  const setType = (value: ProfileListType) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (value === 'all') next.delete('type');
      else next.set('type', value);
      return next;
    });

  const reload = async (id: number | undefined) => {
    const latest = await profiles.refetch();
    return latest.data?.pages.flatMap((page) => page.items).find((item) => item.id === id) ?? null;
  };

  const loaded = pages ? countLoaded(pages) : 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('pages.deviceProfiles')}</Title>
          <Text c="dimmed" size="sm">
            {t('deviceProfiles.intro')}
          </Text>
        </Stack>
        {canManage && (
          <Button onClick={() => setEditing({ profile: null })}>{t('deviceProfiles.add')}</Button>
        )}
      </Group>
      <Stack gap={4}>
        <Text id="device-profile-type-filter" size="sm" fw={500}>
          {t('deviceProfiles.typeFilter')}
        </Text>
        <SegmentedChoice
          aria-labelledby="device-profile-type-filter"
          value={type}
          onChange={setType}
          data={PROFILE_LIST_TYPES.map((value) => ({ value, label: t(`deviceProfiles.types.${value}`) }))}
          style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        />
      </Stack>

      {profiles.isError && !items ? (
        <DataTableError title={t('deviceProfiles.loadError')} query={profiles} />
      ) : items && items.length === 0 ? (
        <DataTableEmpty>
          {type === 'all'
            ? t('deviceProfiles.empty')
            : t('deviceProfiles.emptyOfType', { type: t(`deviceProfiles.types.${type}`) })}
        </DataTableEmpty>
      ) : (
        <section aria-labelledby="device-profile-list-label" aria-busy={!items || isFetchingNextPage}>
          <Text id="device-profile-list-label" size="sm" c="dimmed" mb="xs" aria-live="polite">
            {items ? t('deviceProfiles.loaded', { count: loaded }) : t('common.loading')}
          </Text>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, md: 2 }}
            spacing="md"
            aria-label={t('deviceProfiles.listLabel')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {items
              ? items.map((profile) => (
                  <li key={profile.id}>
                    <ProfileCard
                      profile={profile}
                      canManage={canManage}
                      onEdit={() => setEditing({ profile })}
                      onDelete={() => remove.mutateAsync(profile)}
                    />
                  </li>
                ))
              : Array.from({ length: 4 }, (_, index) => (
                  <li key={index} aria-hidden>
                    <Paper withBorder radius="md" p="md">
                      <Skeleton height={18} width="60%" mb="sm" />
                      <Skeleton height={12} mb={6} />
                      <Skeleton height={12} width="80%" />
                    </Paper>
                  </li>
                ))}
          </SimpleGrid>
        </section>
      )}

      {items && items.length > 0 && (
        // The loader and the end of the list take the button's height, so nothing above the
        // footer moves while a page arrives (nor under a pointer about to click it).
        <Stack align="center" gap="xs">
          <div ref={sentinel} aria-hidden style={{ height: 1, width: '100%' }} />
          {isFetchNextPageError ? (
            <Alert color="red" variant="light" title={t('deviceProfiles.loadMoreError')} w="100%">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{getErrorMessage(t, profiles.error)}</Text>
                <Button size="xs" variant="default" onClick={() => void fetchNextPage()}>
                  {t('common.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : isFetchingNextPage ? (
            <Group gap="xs" role="status" h={36}>
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('deviceProfiles.loadingMore')}</Text>
            </Group>
          ) : hasNextPage ? (
            <Button variant="default" onClick={() => void fetchNextPage()}>
              {t('deviceProfiles.loadMore')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" lh="36px">
              {t('deviceProfiles.end', { count: loaded })}
            </Text>
          )}
        </Stack>
      )}

      {canManage && (
        <DeviceProfileDialog
          opened={editing !== null}
          profile={editing?.profile ?? null}
          onClose={() => setEditing(null)}
          onReload={() => reload(editing?.profile?.id)}
        />
      )}
    </Stack>
  );
}

interface ProfileCardProps {
  profile: DeviceProfile;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}

/** One profile: what it is, what it measures, whether monitoring is on, and for site users its actions. */
function ProfileCard({ profile, canManage, onEdit, onDelete }: ProfileCardProps) {
  const { t } = useTranslation();
  const headingId = `device-profile-${profile.id}`;
  const isEnabled = profile.status === 'ENABLED';
  return (
    <Paper withBorder radius="md" p="md" h="100%" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {profile.name}
          </Title>
          <Badge color={isEnabled ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {isEnabled ? t('deviceProfiles.monitoringEnabled') : t('deviceProfiles.monitoringDisabled')}
          </Badge>
        </Group>
        {profile.description && (
          <Text size="sm" c="dimmed">
            {profile.description}
          </Text>
        )}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={4} m={0}>
          <Fact label={t('deviceProfiles.type')} value={t(`deviceProfiles.types.${profile.type}`)} />
          <Fact
            label={t('deviceProfiles.deviceType')}
            value={profile.deviceType ?? t('deviceProfiles.notSet')}
          />
          <Fact
            label={t('deviceProfiles.model')}
            value={
              profile.model
                ? t('deviceProfiles.modelOf', { model: profile.model.name, make: profile.model.make.name })
                : t('deviceProfiles.noModel')
            }
          />
        </SimpleGrid>
        <div>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4} id={`${headingId}-params`}>
            {t('deviceProfiles.parameters')}
          </Text>
          {profile.params.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('deviceProfiles.noParameters')}
            </Text>
          ) : (
            <Group
              component="ul"
              gap={6}
              aria-labelledby={`${headingId}-params`}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {profile.params.map((param) => (
                <Badge
                  component="li"
                  key={param.parameterId}
                  variant="outline"
                  color="gray"
                  tt="none"
                  fw={500}
                  c="var(--mantine-color-text)"
                >
                  {param.unit ? `${param.label} · ${UNIT_LABELS.get(param.unit) ?? param.unit}` : param.label}
                </Badge>
              ))}
            </Group>
          )}
        </div>
        {canManage && (
          <Group gap="xs" mt="auto" justify="flex-end">
            <Button
              size="compact-sm"
              variant="light"
              onClick={onEdit}
              aria-label={t('deviceProfiles.editNamed', { name: profile.name })}
            >
              {t('deviceProfiles.edit')}
            </Button>
            <ConfirmDeleteButton
              label={t('deviceProfiles.delete')}
              accessibleName={t('deviceProfiles.deleteNamed', { name: profile.name })}
              confirmMessage={t('deviceProfiles.deleteConfirm', { name: profile.name })}
              onDelete={onDelete}
              successMessage={t('deviceProfiles.deleted')}
              failureMessage={t('deviceProfiles.deleteError')}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
