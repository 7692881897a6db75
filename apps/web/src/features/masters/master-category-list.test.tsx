import { screen, waitFor, within } from '@testing-library/react';
import type { MasterCategory } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { describeErrorCode } from '../../app/error-message';
import { DialogHost } from '../../components/dialogs';
import { i18n } from '../../i18n';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MasterCategoryList } from './master-category-list';

const category = (id: number, type: string, version = 1): MasterCategory => ({
  id,
  type,
  description: null,
  status: 'ENABLED',
  createdAt: '2026-01-01T00:00:00.000Z',
  version,
});

type Handlers = Parameters<typeof createApiMock>[0];

function renderList(handlers: Handlers) {
  const api = createApiMock({
    'GET /api/masterCategories': () => jsonResponse([category(1, 'Red', 3), category(2, 'Green')]),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <MasterCategoryList />
      <DialogHost />
    </>,
    { route: '/master-category' },
  );
  return { ...view, api };
}

describe('MasterCategoryList', () => {
  it('shows a type already used under the type, by its code, and sends the type trimmed', async () => {
    const { user, api } = renderList({
      'POST /api/masterCategories': () => errorResponse(409, 'MASTER_CATEGORY_EXISTS', 'Refused.'),
    });
    await screen.findByRole('table', { name: 'Master categories (2)' });
    await user.click(screen.getByRole('button', { name: 'Add master category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add master category' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Type/ }), ' red ');
    await user.click(within(dialog).getByRole('button', { name: 'Add master category' }));

    expect(
      await within(dialog).findByText('A master category of this type already exists.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Type/ })).toHaveAttribute('aria-invalid', 'true');
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ type: 'red', description: null });
  });

  it('edits from the version it started with and shows a stale version as a conflict', async () => {
    const { user, api } = renderList({
      'PUT /api/masterCategories/1': () => errorResponse(409, 'STALE_VERSION', 'Changed.'),
    });
    const table = await screen.findByRole('table', { name: 'Master categories (2)' });
    await user.click(within(table).getByRole('button', { name: 'Edit Red' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit master category' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const conflict = await within(dialog).findByRole('alert');
    expect(within(conflict).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toMatchObject({ type: 'Red', version: 3 });
  });

  it('asks before deleting and says when it failed', async () => {
    const { user, api } = renderList({
      'DELETE /api/masterCategories/2': () => errorResponse(500, 'INTERNAL', 'Boom'),
    });
    const table = await screen.findByRole('table', { name: 'Master categories (2)' });
    await user.click(within(table).getByRole('button', { name: 'Delete Green' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Do you really want to delete the master category "Green"?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Error in deleting.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });

  it('words a type already used in English and Hindi', () => {
    expect(describeErrorCode(i18n.getFixedT('en'), 'MASTER_CATEGORY_EXISTS')).toBe(
      'A master category of this type already exists.',
    );
    expect(describeErrorCode(i18n.getFixedT('hi'), 'MASTER_CATEGORY_EXISTS')).toBe(
      'इस प्रकार की मास्टर श्रेणी पहले से मौजूद है।',
    );
  });
});
