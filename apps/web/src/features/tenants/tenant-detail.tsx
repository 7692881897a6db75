import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { Address, TenantDetail, UserSummary } from '@vayu/domain';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { getErrorMessage } from '../../app/error-message';
import { notifyFailure, notifySuccess } from '../../app/notifications';
import { useSessionUser } from '../../app/session';
import { formatPhoneNumber } from '../../components/phone';
import { AccountStatusBadge, PartnersEditDialog } from '../accounts';
import { MonitoringPointsSection } from '../monitoring-points';
import { CamerasSection } from '../cameras';
import { IndustryFreshness } from '../device-readings';
import { UserAddDialog } from '../users';
import { addressQueryOptions, useAddress, type AddressType } from './api/address';
import { useTenant } from './api/get-tenant';
import { tenantKeys } from './api/tenant-keys';
import { useTenantUsers } from './api/tenant-users';
import { useResendActivation } from './api/update-tenant-account';
import { stateName } from './tenant-constants';
import { TenantsAddressDialog } from './tenants-address-dialog';
import { TenantsEditAccountDialog } from './tenants-edit-account-dialog';
import { TenantsPrimaryUserDialog } from './tenants-primary-user-dialog';
import { TenantsWorkingStatusDialog } from './tenants-working-status-dialog';
import { useTenantStatusToggle } from './use-tenant-status-toggle';
import { WorkingStatusText } from './working-status-text';

type OpenDialog =
  | { kind: 'address'; addressType: AddressType }
  | { kind: 'account' | 'partner' | 'workingStatus' | 'primary' | 'addUser' | 'addPrimary' }
  | null;

/**
 * How the Edit button edits an account of this type: an industry (form type
 * 'partner') and a board account on the account form, a partner in its own
 * dialog through the partner endpoint. Corporate and platform accounts have
 * no form of their own; "Edit account" changes their name and contact.
 */
type EditAction = { kind: 'form'; to: string } | { kind: 'partnerDialog' } | null;

function editActionFor(account: Pick<TenantDetail, 'id' | 'type'>): EditAction {
  switch (account.type) {
    case 'tenant':
      return { kind: 'form', to: `/new/tenants/partner/${account.id}` };
    case 'statutory':
      return { kind: 'form', to: `/new/tenants/statutory/${account.id}` };
    case 'partner':
      return { kind: 'partnerDialog' };
    default:
      return null;
  }
}

interface Fact {
  label: string;
  value: ReactNode;
}

/** A fact only when something was entered for it. */
const entered = (label: string, value: ReactNode): Fact[] =>
  value === null || value === undefined || value === '' ? [] : [{ label, value }];

/** `/accounts/{accountType}/{accountId}/view`: one account with its addresses and users. */
export function TenantDetailPage() {
  const { accountType, accountId } = useParams();
  if (!accountType || !/^\d+$/.test(accountId ?? '') || Number(accountId) < 1) {
    return <Navigate to="/" replace />;
  }
  return <TenantDetailScreen key={accountId} accountType={accountType} accountId={Number(accountId)} />;
}

function formatDate(value: string | null, language: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', { dateStyle: 'medium' }).format(date);
}

function TenantDetailScreen({ accountType, accountId }: { accountType: string; accountId: number }) {
  const { t } = useTranslation();
  const tenant = useTenant(accountId);
  useDocumentTitle(`${tenant.data?.name ?? t('tenants.detail.title')} · ${t('common.appName')}`);

  if (tenant.isError) {
    return (
      <Alert color="red" variant="light" title={t('tenants.detail.loadError')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{getErrorMessage(t, tenant.error)}</Text>
          <Group gap="sm">
            <Button size="xs" variant="default" onClick={() => void tenant.refetch()}>
              {t('common.retry')}
            </Button>
            <Anchor component={Link} to="/tenants" size="sm">
              {t('pages.tenants')}
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (!tenant.data) {
    return (
      <Stack gap="md" role="status" aria-busy aria-label={t('common.loading')}>
        <Skeleton height={40} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  return (
    <TenantDetailContent
      accountType={accountType}
      tenant={tenant.data}
      reload={async () => (await tenant.refetch()).data ?? null}
    />
  );
}

interface TenantDetailContentProps {
  accountType: string;
  tenant: TenantDetail;
  reload: () => Promise<TenantDetail | null>;
}

function TenantDetailContent({ accountType, tenant, reload }: TenantDetailContentProps) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { toggle, pendingIds } = useTenantStatusToggle();
  const resend = useResendActivation(tenant.id);
  const users = useTenantUsers(tenant.id);
  const close = () => setDialog(null);

  const isSite = user?.userType === 'site';
  const isAdmin = user?.role === 'admin';
  const canManage = isAdmin && (isSite || user?.userType === 'partner' || user?.userType === 'tenant');
  const canChangePrimary = isAdmin && (isSite || user?.userType === 'partner');
  // Coupons are given by the platform's and partners' admins, to a partner or an industry (spec: "discount").
  const canGiveDiscounts =
    isAdmin &&
    (isSite || user?.userType === 'partner') &&
    (tenant.type === 'tenant' || tenant.type === 'partner');
  const editAction = editActionFor(tenant);

  const resendActivation = () =>
    resend.mutate(undefined, {
      onSuccess: () => notifySuccess(t('tenants.detail.emailResent')),
      onError: (error) => notifyFailure(getErrorMessage(t, error)),
    });

  const groups = detailGroups(tenant, t, i18n.language);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="md" align="center" wrap="nowrap">
          {tenant.logoUrl && (
            <Image
              src={tenant.logoUrl}
              alt={t('tenants.detail.logoAlt', { name: tenant.name })}
              h={56}
              w="auto"
              fit="contain"
              radius="sm"
            />
          )}
          <Stack gap={4}>
            <Title order={1}>{tenant.name}</Title>
            <Group gap="xs">
              {isSite && tenant.status !== 'DELETED' ? (
                <Group gap="xs" wrap="nowrap">
                  <Switch
                    checked={tenant.status === 'ENABLED'}
                    onChange={() => void toggle(tenant)}
                    disabled={pendingIds.has(tenant.id)}
                    aria-label={t('tenants.list.toggleStatus', { name: tenant.name })}
                  />
                  <AccountStatusBadge status={tenant.status} />
                </Group>
              ) : (
                <AccountStatusBadge status={tenant.status} />
              )}
              <Badge variant="light" color="gray">
                {t(`userTypes.${tenant.type}`)}
              </Badge>
              {tenant.type === 'tenant' && <IndustryFreshness tenantId={tenant.id} />}
              {tenant.isBlocked && (
                <Badge color="red" variant="filled">
                  {t('tenants.detail.blocked')}
                </Badge>
              )}
              {tenant.activationAwaited && (
                <Group gap={4}>
                  <Badge color="orange" variant="light">
                    {t('tenants.detail.activationAwaited')}
                  </Badge>
                  {canManage && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={resendActivation}
                      loading={resend.isPending}
                    >
                      {t('tenants.detail.resend')}
                    </Button>
                  )}
                </Group>
              )}
            </Group>
          </Stack>
        </Group>
        {canManage && (
          <Group gap="sm">
            {editAction?.kind === 'form' && (
              <Button component={Link} to={editAction.to} variant="default">
                {t('tenants.detail.edit')}
              </Button>
            )}
            {editAction?.kind === 'partnerDialog' && (
              <Button variant="default" onClick={() => setDialog({ kind: 'partner' })}>
                {t('tenants.detail.edit')}
              </Button>
            )}
            <Button variant="default" onClick={() => setDialog({ kind: 'account' })}>
              {t('tenants.detail.editAccount')}
            </Button>
            {tenant.type === 'tenant' && (
              <Button variant="default" onClick={() => setDialog({ kind: 'workingStatus' })}>
                {t('tenants.detail.changeWorkingStatus')}
              </Button>
            )}
            {tenant.type === 'tenant' && (
              <Button component={Link} to={`/subscription/${tenant.id}`} variant="default">
                {t('tenants.detail.subscription')}
              </Button>
            )}
            {canGiveDiscounts && (
              <Button
                component={Link}
                to={`/manage/${tenant.type}/discounts?accountId=${tenant.id}`}
                variant="subtle"
              >
                {t('tenants.detail.discounts')}
              </Button>
            )}
          </Group>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {groups.map((group) => (
          <FactGroup key={group.id} {...group} />
        ))}
      </SimpleGrid>

      <section aria-labelledby="tenant-addresses">
        <Title order={2} size="h3" id="tenant-addresses" mb="sm">
          {t('tenants.detail.billingMailingAddresses')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['BILLING', 'MAILING'] as const).map((addressType) => (
            <AddressCard
              key={addressType}
              accountType={accountType}
              accountId={tenant.id}
              addressType={addressType}
              canEdit={canManage}
              onEdit={() => setDialog({ kind: 'address', addressType })}
            />
          ))}
        </SimpleGrid>
      </section>

      {tenant.type === 'tenant' && <MonitoringPointsSection tenantId={tenant.id} canManage={canManage} />}
      {tenant.type === 'tenant' && <CamerasSection tenantId={tenant.id} canManage={canManage} />}

      <section aria-labelledby="tenant-users">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h3" id="tenant-users">
            {t('tenants.detail.users')}
          </Title>
          {canManage && (
            <Group gap="sm">
              {tenant.primaryUser === null ? (
                <Button variant="default" onClick={() => setDialog({ kind: 'addPrimary' })}>
                  {t('tenants.detail.addPrimaryUser')}
                </Button>
              ) : (
                canChangePrimary && (
                  <Button variant="default" onClick={() => setDialog({ kind: 'primary' })}>
                    {t('tenants.detail.changePrimaryUser')}
                  </Button>
                )
              )}
              <Button onClick={() => setDialog({ kind: 'addUser' })}>{t('tenants.detail.addUser')}</Button>
            </Group>
          )}
        </Group>
        <UsersTable
          users={users.data}
          error={users.isError ? getErrorMessage(t, users.error) : null}
          onRetry={() => void users.refetch()}
        />
      </section>

      <TenantsAddressDialog
        opened={dialog?.kind === 'address'}
        accountType={accountType}
        accountId={tenant.id}
        addressType={dialog?.kind === 'address' ? dialog.addressType : 'BILLING'}
        address={
          dialog?.kind === 'address'
            ? (queryClient.getQueryData<Address | null>(
                tenantKeys.address(accountType, tenant.id, dialog.addressType),
              ) ?? null)
            : null
        }
        onClose={close}
        onReload={() =>
          queryClient.fetchQuery({
            ...addressQueryOptions(
              accountType,
              tenant.id,
              dialog?.kind === 'address' ? dialog.addressType : 'BILLING',
            ),
            staleTime: 0,
          })
        }
      />
      {editAction?.kind === 'partnerDialog' && (
        <PartnersEditDialog
          opened={dialog?.kind === 'partner'}
          partnerId={tenant.id}
          onClose={close}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenant.id) })}
        />
      )}
      <TenantsEditAccountDialog
        opened={dialog?.kind === 'account'}
        tenant={tenant}
        onClose={close}
        onReload={reload}
      />
      <TenantsWorkingStatusDialog
        opened={dialog?.kind === 'workingStatus'}
        tenantId={tenant.id}
        current={tenant.workingStatus}
        onClose={close}
      />
      <TenantsPrimaryUserDialog
        opened={dialog?.kind === 'primary'}
        tenantId={tenant.id}
        users={users.data ?? []}
        onClose={close}
      />
      <UserAddDialog
        opened={dialog?.kind === 'addUser' || dialog?.kind === 'addPrimary'}
        accountId={tenant.id}
        primary={dialog?.kind === 'addPrimary'}
        onClose={close}
        onCreated={() => {
          void queryClient.invalidateQueries({ queryKey: tenantKeys.users(tenant.id) });
          void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenant.id) });
        }}
      />
    </Stack>
  );
}

interface DetailGroup {
  id: string;
  title: string;
  facts: Fact[];
  /** Said when nothing of the group was entered. */
  empty: string;
}

/**
 * What the detail view shows of an account, grouped: the facts of its type
 * (an industry's partner, category and plan; a corporate account's group),
 * then contact, address, tax and location. Every value entered is shown; a
 * group says it is empty only when nothing of it was entered.
 */
function detailGroups(tenant: TenantDetail, t: TFunction, language: string): DetailGroup[] {
  const notSet = t('common.notSet');
  const groups: DetailGroup[] = [];
  if (tenant.type === 'tenant') {
    groups.push({
      id: 'industry',
      title: t('tenants.detail.sectionIndustry'),
      empty: notSet,
      facts: [
        { label: t('tenants.detail.partner'), value: tenant.partnerName ?? notSet },
        {
          label: t('tenants.detail.partnerSince'),
          value: formatDate(tenant.partnerSince, language) ?? notSet,
        },
        { label: t('tenants.detail.category'), value: tenant.industry?.name ?? notSet },
        ...entered(t('tenants.detail.industryCode'), tenant.industryCode),
        ...entered(t('tenants.detail.corporate'), tenant.corporate?.name),
        { label: t('tenants.detail.planCode'), value: tenant.planDetails.planCode ?? notSet },
        {
          label: t('tenants.detail.workingStatus'),
          value: <WorkingStatusText value={tenant.workingStatus} />,
        },
        {
          label: t('tenants.detail.ioeyeTenantId'),
          value: tenant.ioeyeTenantId === 0 ? t('tenants.notAvailable') : String(tenant.ioeyeTenantId),
        },
        {
          label: t('tenants.detail.remoteCheck'),
          value: tenant.isRemotePerformanceCheck ? t('tenants.yes') : t('tenants.no'),
        },
      ],
    });
  } else if (tenant.type === 'corporate') {
    groups.push({
      id: 'corporate',
      title: t('tenants.detail.sectionCorporate'),
      empty: t('tenants.detail.noCorporate'),
      facts: entered(t('tenants.detail.corporate'), tenant.corporate?.name),
    });
  }

  const addressParts = [
    ...entered(t('tenants.detail.address'), tenant.address),
    ...entered(t('tenants.detail.city'), tenant.city),
    ...entered(t('tenants.detail.state'), tenant.stateName ?? stateName(tenant.stateCode)),
    ...entered(
      tenant.countryCode === 'IN' ? t('tenants.detail.pinCode') : t('tenants.detail.postalCode'),
      tenant.zip,
    ),
  ];
  // Coordinates as entered, every decimal kept.
  const coordinate = (value: number | null) => (value === null ? null : String(value));

  groups.push(
    {
      id: 'contact',
      title: t('tenants.detail.sectionContact'),
      empty: t('tenants.detail.noContact'),
      facts: [
        ...entered(t('tenants.detail.contactEmail'), tenant.contactEmail),
        ...entered(t('tenants.detail.contactNo'), formatPhoneNumber(tenant.contactNo)),
      ],
    },
    {
      id: 'address',
      title: t('tenants.detail.sectionAddress'),
      empty: t('tenants.detail.noAccountAddress'),
      // The country is a default of the form: shown with an address, not as one.
      facts:
        addressParts.length > 0
          ? [
              ...addressParts,
              ...entered(t('tenants.detail.country'), tenant.countryName ?? tenant.countryCode),
            ]
          : [],
    },
    {
      id: 'tax',
      title: t('tenants.detail.sectionTax'),
      empty: t('tenants.detail.noTax'),
      facts: entered(t('tenants.detail.gstin'), tenant.gstin),
    },
    {
      id: 'location',
      title: t('tenants.detail.sectionLocation'),
      empty: t('tenants.detail.noLocation'),
      facts: [
        ...entered(t('tenants.detail.latitude'), coordinate(tenant.latitude)),
        ...entered(t('tenants.detail.longitude'), coordinate(tenant.longitude)),
        ...entered(t('tenants.detail.timeZone'), tenant.timeZone),
      ],
    },
  );
  return groups;
}

function FactGroup({ id, title, facts, empty }: DetailGroup) {
  const headingId = `tenant-facts-${id}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {facts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          {facts.map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="sm" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Paper>
  );
}

interface AddressCardProps {
  accountType: string;
  accountId: number;
  addressType: AddressType;
  canEdit: boolean;
  onEdit: () => void;
}

function AddressCard({ accountType, accountId, addressType, canEdit, onEdit }: AddressCardProps) {
  const { t } = useTranslation();
  const address = useAddress(accountType, accountId, addressType);
  const title =
    addressType === 'BILLING' ? t('tenants.detail.billingAddress') : t('tenants.detail.mailingAddress');
  const editLabel =
    addressType === 'BILLING'
      ? t('tenants.detail.editBillingAddress')
      : t('tenants.detail.editMailingAddress');
  const data = address.data;

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {canEdit && (
          <Button size="compact-sm" variant="light" onClick={onEdit} disabled={address.isPending}>
            {editLabel}
          </Button>
        )}
      </Group>
      {address.isError ? (
        <Stack gap={4} align="flex-start">
          <Text size="sm" c="red">
            {t('tenants.detail.addressLoadError')}
          </Text>
          <Button size="compact-xs" variant="default" onClick={() => void address.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : address.isPending ? (
        <Skeleton height={48} />
      ) : data ? (
        <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
          {data.contactName && (
            <>
              {data.contactName}
              <br />
            </>
          )}
          {data.addressLine}
          <br />
          {[data.city, stateName(data.stateCode), data.zip, data.countryCode].filter(Boolean).join(', ')}
          {data.gstin && (
            <>
              <br />
              GSTIN: {data.gstin}
            </>
          )}
          {data.contactNo && (
            <>
              <br />
              {formatPhoneNumber(data.contactNo)}
            </>
          )}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {addressType === 'BILLING'
            ? t('tenants.detail.noBillingAddress')
            : t('tenants.detail.noMailingAddress')}
        </Text>
      )}
    </Card>
  );
}

function UsersTable({
  users,
  error,
  onRetry,
}: {
  users: UserSummary[] | undefined;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" variant="light" title={t('tenants.detail.usersLoadError')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (users && users.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text ta="center" c="dimmed">
          {t('tenants.detail.noUsers')}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="sm" aria-busy={users === undefined}>
          <Table.Caption>
            {users ? t('tenants.detail.usersCaption', { count: users.length }) : t('common.loading')}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tenants.detail.userName')}</Table.Th>
              <Table.Th scope="col">{t('tenants.detail.userEmail')}</Table.Th>
              <Table.Th scope="col">{t('tenants.detail.userRole')}</Table.Th>
              <Table.Th scope="col">{t('tenants.detail.userStatus')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users === undefined
              ? Array.from({ length: 3 }, (_, row) => (
                  <Table.Tr key={row} aria-hidden>
                    {Array.from({ length: 4 }, (__, column) => (
                      <Table.Td key={column}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : users.map((member) => (
                  <Table.Tr key={member.id}>
                    <Table.Td fw={500}>
                      <Group gap={6} wrap="nowrap">
                        {member.name}
                        {member.isPrimary && (
                          <Badge size="sm" color="blue" variant="filled">
                            {t('tenants.detail.primary')}
                          </Badge>
                        )}
                        {member.activationAwaited && (
                          <Badge size="sm" color="orange" variant="light">
                            {t('tenants.detail.awaitingActivation')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{member.userName}</Table.Td>
                    <Table.Td>{t(`roles.${member.role}`)}</Table.Td>
                    <Table.Td>
                      <AccountStatusBadge status={member.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
