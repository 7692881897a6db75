import { screen, within } from '@testing-library/react';
import type { AuditLogDetail as AuditLogDetailData } from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AuditLogDetail } from './audit-log-detail';

const entry: AuditLogDetailData = {
  id: 41,
  createdAt: '2026-03-10T06:15:00.000Z',
  actorUserId: 7,
  actorUserName: 'asha.rao@vayu.example',
  tenantId: 12,
  tenantName: 'Shree Cement Works',
  actingTenantId: null,
  entity: 'user',
  entityId: '30',
  action: 'STATUS_CHANGE',
  requestId: 'req-41',
  ip: '10.0.0.5',
  oldValue: { status: 'ENABLED', name: 'Plant Admin', address: { city: 'Pune' } },
  newValue: { status: 'DISABLED', name: 'Plant Admin', address: { city: 'Nashik' }, phone: '919800000000' },
  changedFields: ['address.city', 'phone', 'status'],
};

function renderDetail(id: number, handler: Parameters<typeof createApiMock>[0][string]) {
  const api = createApiMock({ [`GET /api/auditDetails/${id}`]: handler });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return renderWithProviders(
    <Routes>
      <Route path="/auditDetails/:id" element={<AuditLogDetail />} />
    </Routes>,
    { route: `/auditDetails/${id}` },
  );
}

describe('AuditLogDetail', () => {
  it('shows the metadata and marks the changed fields in words, not colour only', async () => {
    renderDetail(41, () => jsonResponse(entry));
    const values = await screen.findByRole('table', { name: 'Old and new values: 3 changed fields' });

    const status = within(values).getByRole('row', { name: /^status/ });
    expect(within(status).getByText('ENABLED')).toBeInTheDocument();
    expect(within(status).getByText('DISABLED')).toBeInTheDocument();
    expect(within(status).getByText('Changed')).toBeInTheDocument();
    expect(status).toHaveAttribute('data-changed', 'true');

    const city = within(values).getByRole('row', { name: /address\.city/ });
    expect(within(city).getByText('Changed')).toBeInTheDocument();
    const phone = within(values).getByRole('row', { name: /^phone/ });
    expect(within(phone).getByText('(none)')).toBeInTheDocument();
    expect(within(phone).getByText('919800000000')).toBeInTheDocument();

    const name = within(values).getByRole('row', { name: /^name/ });
    expect(within(name).getByText('Unchanged')).toBeInTheDocument();
    expect(within(name).queryByText('Changed')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('data-changed');

    expect(screen.getByRole('row', { name: /Changed by asha\.rao@vayu\.example/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Industry Shree Cement Works/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Request id req-41/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Action Status changed/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Record User #30/ })).toBeInTheDocument();
    const time = screen.getByRole('row', { name: /^Time/ });
    expect(within(time).getByText(/Mar 10, 2026/)).toBeInTheDocument();
    expect(within(time).getByText(/ago/)).toBeInTheDocument();
  });

  it('marks every field of a creation', async () => {
    renderDetail(42, () =>
      jsonResponse({
        ...entry,
        id: 42,
        oldValue: null,
        newValue: { name: 'New Plant' },
        changedFields: ['(value)'],
      }),
    );
    const values = await screen.findByRole('table', { name: 'Old and new values: 1 changed field' });
    const name = within(values).getByRole('row', { name: /^name/ });
    expect(within(name).getByText('Changed')).toBeInTheDocument();
  });

  it('says when the entry is not there or not visible', async () => {
    renderDetail(43, () => errorResponse(404, 'NOT_FOUND', 'Audit log not found.'));
    expect(
      await screen.findByText('This audit entry does not exist or is not yours to see.'),
    ).toBeInTheDocument();
  });
});
