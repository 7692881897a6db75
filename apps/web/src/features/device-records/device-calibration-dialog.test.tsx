import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Calibration, DeviceAction, Make, Model } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { DeviceCalibrationDialog } from './index';

const calibratorMake: Make = {
  id: 3,
  name: 'Environnement SA',
  type: 'Calibrator',
  modelCount: 1,
  version: 1,
};
const calibratorModel: Model = {
  id: 9,
  name: 'MGC 101',
  modelType: null,
  make: { id: 3, name: 'Environnement SA', type: 'Calibrator' },
  parameterIds: [],
  version: 1,
};

const recorded: Calibration = {
  id: 41,
  deviceId: 5,
  make: { id: 3, name: 'Environnement SA' },
  model: { id: 9, name: 'MGC 101' },
  offset: -0.2,
  span: 401.3,
  coefficients: null,
  wavelength: null,
  calibrationFile: { fileName: 'so2-check.csv', pathName: 'calibrations/5/41' },
  lastCalibration: null,
  lastClean: null,
  comment: 'Two-point check',
  date: '2026-03-10T06:00:00.000Z',
  signalStrength: 87.5,
  checkKind: 'TWO_POINT',
  parameters: null,
  recordedBy: 'Asha Rao',
  createdAt: '2026-03-10T06:05:00.000Z',
};

type Handlers = Parameters<typeof createApiMock>[0];

function renderDialog(handlers: Handlers = {}, canEdit = true) {
  const state: { latest: Calibration | null; actions: DeviceAction[] } = { latest: null, actions: [] };
  const api = createApiMock({
    'GET /api/calibrations': () => jsonResponse(state.latest),
    'GET /api/Previouscalibrations': () =>
      jsonResponse({ items: [], page: 1, pageSize: 10, total: 0, totalKind: 'exact', pageCount: 1 }),
    'GET /api/Calibrator/make': () => jsonResponse([calibratorMake]),
    'GET /api/modelByMake/3': () => jsonResponse([calibratorModel]),
    'GET /api/devices/5/actions': () => jsonResponse(state.actions),
    'POST /api/calibrations': () => {
      state.latest = recorded;
      return jsonResponse(recorded, 201);
    },
    'POST /api/devices/5/actions': ({ init }) => {
      const { action } = JSON.parse(String(init.body)) as { action: DeviceAction['action'] };
      const created: DeviceAction = {
        id: 70 + state.actions.length,
        deviceId: 5,
        action,
        result: 'REQUESTED',
        requestedBy: 'Asha Rao',
        requestedAt: '2026-03-10T06:30:00.000Z',
        completedAt: null,
      };
      state.actions = [created, ...state.actions];
      return jsonResponse(created, 201);
    },
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <DeviceCalibrationDialog
        deviceId={5}
        deviceName="SO2 Analyser"
        canEdit={canEdit}
        opened
        onClose={() => {}}
      />
      <DialogHost />
    </>,
  );
  return { ...view, api, state };
}

const inHours = (hours: number) => {
  const date = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

async function openForm(user: ReturnType<typeof renderDialog>['user']) {
  expect(
    await screen.findByText('No calibration has been recorded for this device yet.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Record calibration' }));
  return screen.findByRole('tabpanel', { name: 'Record calibration' });
}

describe('DeviceCalibrationDialog', () => {
  it('checks the calibration form with the API’s rules before sending anything', async () => {
    const { user, api } = renderDialog();
    const form = await openForm(user);
    const date = within(form).getByLabelText(/^Date/);
    fireEvent.change(date, { target: { value: inHours(48) } });
    const signal = within(form).getByRole('textbox', { name: 'Signal strength (%)' });
    await user.type(signal, '150');
    await user.type(within(form).getByRole('textbox', { name: 'Offset' }), '2000000');
    await user.click(within(form).getByRole('button', { name: 'Record calibration' }));

    expect(await within(form).findByText('Must not be in the future')).toBeInTheDocument();
    expect(within(form).getByText('Must be between -10,00,000 and 10,00,000')).toBeInTheDocument();
    // A percentage above 100 is brought back to 100 as the field is left.
    expect(signal).toHaveValue('100');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(date, { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Record calibration' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('records a calibration as multipart with the calibrator model and file, then shows it as the latest', async () => {
    const { user, api } = renderDialog();
    const form = await openForm(user);
    await chooseOption(user, 'Make', 'Environnement SA', form);
    await chooseOption(user, 'Model', 'MGC 101', form);
    fireEvent.change(within(form).getByLabelText(/^Date/), { target: { value: inHours(-2) } });
    await user.type(within(form).getByRole('textbox', { name: 'Offset' }), '-0.2');
    await user.type(within(form).getByRole('textbox', { name: 'Span' }), '401.3');
    await user.type(within(form).getByRole('textbox', { name: 'Signal strength (%)' }), '87.5');
    await user.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Two-point check');
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['gas,measured\nSO2,398.7\n'], 'so2-check.csv', { type: 'text/csv' }));
    await user.click(within(form).getByRole('button', { name: 'Record calibration' }));

    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const body = api.calls.find((call) => call.method === 'POST')!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('deviceId')).toBe('5');
    expect(body.get('modelId')).toBe('9');
    expect(body.get('offset')).toBe('-0.2');
    expect(body.get('span')).toBe('401.3');
    expect(body.get('signalStrength')).toBe('87.5');
    expect(body.get('comment')).toBe('Two-point check');
    expect(new Date(String(body.get('date'))).getTime()).toBeLessThan(Date.now());
    expect(body.has('wavelength')).toBe(false);
    expect((body.get('calibrationFile') as File).name).toBe('so2-check.csv');

    const latest = await screen.findByRole('tabpanel', { name: 'Latest calibration' });
    expect(await within(latest).findByText('MGC 101')).toBeInTheDocument();
    expect(within(latest).getByRole('button', { name: 'View so2-check.csv' })).toBeInTheDocument();
  });

  it('shows a file the server refused by its content under the file input', async () => {
    const { user } = renderDialog({
      'POST /api/calibrations': () =>
        errorResponse(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'A calibration file must be a PDF, CSV or plain text file',
          [],
          {
            fileNames: 'report.csv',
          },
        ),
    });
    const form = await openForm(user);
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['MZ'], 'report.csv', { type: 'text/csv' }));
    await user.click(within(form).getByRole('button', { name: 'Record calibration' }));
    expect(await within(form).findByText('"report.csv" is not a PDF, CSV or text file')).toBeInTheDocument();
  });

  it('asks for an auto clean after confirming and shows who asked, when, and the result', async () => {
    const { user, api } = renderDialog();
    await user.click(await screen.findByRole('tab', { name: 'Auto clean and calibrate' }));
    expect(await screen.findByText('No auto clean or calibrate request yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Auto clean' }));
    const question = await screen.findByText(/Ask "SO2 Analyser" to clean itself now\?/);
    const confirm = question.closest<HTMLElement>('[role="dialog"]')!;
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Auto clean' }));

    const table = await screen.findByRole('table', { name: 'Latest requests' });
    const row = await within(table).findByRole('row', { name: /Auto clean/ });
    expect(within(row).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(row).getByText('Requested')).toBeInTheDocument();
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/devices/5/actions');
    expect(JSON.parse(String(post.init.body))).toEqual({ action: 'AUTO_CLEAN' });
  });

  it('offers no recording or requests to those who may not change the device', async () => {
    renderDialog({}, false);
    expect(
      await screen.findByText('No calibration has been recorded for this device yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Record calibration' })).not.toBeInTheDocument();
    await screen.findByRole('tab', { name: 'Auto clean and calibrate' }).then((tab) => tab.click());
    expect(await screen.findByText('No auto clean or calibrate request yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Auto clean' })).not.toBeInTheDocument();
  });
});
