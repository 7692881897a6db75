import { screen, waitFor, within } from '@testing-library/react';
import { boardBodySchema, type Board } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { BoardDialog } from './board-dialog';

const MPCB: Board = {
  statId: 1,
  name: 'MPCB Online Monitoring (OCEMS)',
  statutoryId: 7,
  statutoryName: 'Maharashtra Pollution Control Board',
  stateCode: 'MH',
  stateName: 'Maharashtra',
  config: { protocol: 'cpcb-v1', baseUrl: 'http://127.0.0.1:8930', timeoutMs: 30_000, pushEnabled: true },
  accountCounts: { total: 1, live: 1, delayed: 0, offline: 0 },
  version: 2,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

const STATES = {
  items: [
    { code: 'GJ', name: 'Gujarat', boardAbbreviation: 'GPCB', statId: null },
    { code: 'MH', name: 'Maharashtra', boardAbbreviation: 'MPCB', statId: 1 },
  ],
};

type Handlers = Parameters<typeof createApiMock>[0];

function stubApi(handlers: Handlers = {}) {
  const api = createApiMock({
    'GET /api/regulator/states': () => jsonResponse(STATES),
    'GET /api/pcbConfiguration': () => jsonResponse({ items: [MPCB] }),
    'GET /api/regulator/states/GJ/statutory': () =>
      jsonResponse({ items: [{ id: 31, name: 'Gujarat Pollution Control Board', status: 'ENABLED' }] }),
    'GET /api/regulator/states/MH/statutory': () =>
      jsonResponse({ items: [{ id: 7, name: 'Maharashtra Pollution Control Board', status: 'ENABLED' }] }),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

const sentBody = (api: ReturnType<typeof stubApi>, method: string) =>
  JSON.parse(String(api.calls.find((call) => call.method === method)?.init.body)) as Record<string, unknown>;

/** The options of the select labelled `name`, as its list shows them. */
async function optionsOf(
  user: ReturnType<typeof renderWithProviders>['user'],
  dialog: HTMLElement,
  name: RegExp,
) {
  const input = within(dialog).getByRole('textbox', { name });
  await user.click(input);
  const listbox = await waitFor(() => {
    const element = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!element) throw new Error('no options');
    return element;
  });
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

describe('BoardDialog', () => {
  it('flags a state that already has a board, warns when it is chosen and puts BOARD_EXISTS on the state', async () => {
    const api = stubApi({
      'POST /api/pcbConfiguration': () =>
        errorResponse(409, 'BOARD_EXISTS', 'A board already exists for this state.', [
          { path: 'stateCode', message: 'A board already exists for this state.', code: 'FIELD_TAKEN' },
        ]),
    });
    const { user } = renderWithProviders(<BoardDialog opened board={null} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add board' });

    await waitFor(async () =>
      expect(await optionsOf(user, dialog, /^State/)).toEqual(['Gujarat', 'Maharashtra — board exists']),
    );
    await user.keyboard('{Escape}');
    await chooseOption(user, /^State/, 'Maharashtra — board exists', dialog);
    const warning = await within(dialog).findByRole('alert', { name: 'This state already has a board' });
    expect(warning).toHaveTextContent('Maharashtra has a board already');
    expect(within(warning).getByRole('link', { name: 'Open MPCB' })).toHaveAttribute(
      'href',
      '/viewRegulator/1',
    );

    await chooseOption(user, /^Board account/, 'Maharashtra Pollution Control Board', dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'MPCB second');
    await user.click(within(dialog).getByRole('button', { name: 'Add board' }));

    const state = within(dialog).getByRole('textbox', { name: /^State/ });
    await waitFor(() => expect(state).toHaveAttribute('aria-invalid', 'true'));
    expect(state).toHaveAccessibleDescription('A board already exists for this state.');
    expect(await screen.findByText('The board could not be saved.')).toBeInTheDocument();
    const body = sentBody(api, 'POST');
    expect(body).toEqual({
      name: 'MPCB second',
      statutoryId: 7,
      stateCode: 'MH',
      config: { protocol: 'cpcb-v1', baseUrl: null, timeoutMs: 30_000, pushEnabled: true },
    });
    expect(boardBodySchema.safeParse(body).success).toBe(true);
  });

  it('does not flag the board’s own state when it is edited, and saves from its version', async () => {
    const api = stubApi({ 'PUT /api/pcbConfiguration/1': () => jsonResponse({ ...MPCB, version: 3 }) });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<BoardDialog opened board={MPCB} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit board' });
    await waitFor(async () =>
      expect(await optionsOf(user, dialog, /^State/)).toEqual(['Gujarat', 'Maharashtra']),
    );
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    const server = within(dialog).getByRole('textbox', { name: /^Board server/ });
    await user.clear(server);
    await user.type(server, 'http://127.0.0.1:8999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Board updated.')).toBeInTheDocument();
    expect(sentBody(api, 'PUT')).toEqual({
      name: MPCB.name,
      statutoryId: 7,
      stateCode: 'MH',
      config: { protocol: 'cpcb-v1', baseUrl: 'http://127.0.0.1:8999', timeoutMs: 30_000, pushEnabled: true },
      version: 2,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says "error in fetching states" when the states cannot be loaded, and checks the form before sending', async () => {
    stubApi({
      'GET /api/regulator/states': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom'),
      'POST /api/pcbConfiguration': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom'),
    });
    const { user } = renderWithProviders(<BoardDialog opened board={null} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add board' });
    const state = within(dialog).getByRole('textbox', { name: /^State/ });
    await waitFor(() => expect(state).toHaveAccessibleDescription('error in fetching states'));
    await user.click(within(dialog).getByRole('button', { name: 'Add board' }));
    // Nothing chosen: said before anything is sent.
    expect(await within(dialog).findByText('Choose a state from the list')).toBeInTheDocument();
  });

  it('shows "Error in creating StateBoard" when the create fails on no field', async () => {
    stubApi({ 'POST /api/pcbConfiguration': () => errorResponse(500, 'INTERNAL_ERROR', 'Boom') });
    const { user } = renderWithProviders(<BoardDialog opened board={null} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add board' });
    await chooseOption(user, /^State/, 'Gujarat', dialog);
    await chooseOption(user, /^Board account/, 'Gujarat Pollution Control Board', dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'GPCB OCEMS');
    await user.click(within(dialog).getByRole('button', { name: 'Add board' }));
    expect(await screen.findByText('Error in creating StateBoard')).toBeInTheDocument();
  });
});
