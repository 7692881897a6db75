import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { DEVICE_MESSAGES } from '@vayu/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, errorResponse, jsonResponse } from '../../test/fixtures';
import { chooseOption } from '../../test/select';
import { address, bodiesOf, KILN_CEMS, renderDevices, rowOf, typeInto, type Api } from './devices-test-kit';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

const requestBody = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

const created = (body: Record<string, unknown>) =>
  jsonResponse(
    { ...KILN_CEMS, id: 77, name: String(body.name), serialNumber: String(body.serialNumber) },
    201,
  );

async function openAddDialog(user: UserEvent, handlers: Parameters<typeof renderDevices>[1] = {}) {
  const view = renderDevices('/devices/add?tenantId=21', {
    'POST /api/devices': ({ init }) => created(requestBody(init)),
    ...handlers,
  });
  const dialog = await screen.findByRole('dialog', { name: 'Add device' });
  return { ...view, dialog, user: view.user ?? user };
}

/** Name, serial number, monitoring point, make and model: the model's parameters become rows. */
async function startDevice(user: UserEvent, dialog: HTMLElement, serial = 'SK-9001') {
  await typeInto(user, dialog, /^Name/, 'Kiln CEMS 2');
  await typeInto(user, dialog, /^Serial number/, serial);
  await chooseOption(user, /^Monitoring point/, 'Kiln stack 1', dialog);
  await chooseOption(user, /^Analyser make/, 'SICK', dialog);
  await chooseOption(user, /^Analyser model/, 'MCS100FT (CEMS)', dialog);
  await within(dialog).findByRole('group', { name: 'Flow totaliser' });
}

/** The units of the three rows and the counter's max: what a valid device needs. */
async function completeRows(user: UserEvent, dialog: HTMLElement) {
  for (const name of ['SO2', 'NOx', 'Flow totaliser']) {
    await chooseOption(user, /^Unit/, 'mg/Nm³', rowOf(dialog, name));
  }
  await typeInto(user, rowOf(dialog, 'Flow totaliser'), /^Max/, '999999');
}

const submit = (user: UserEvent, dialog: HTMLElement, name = 'Add device') =>
  user.click(within(dialog).getByRole('button', { name }));

const posted = (api: Api) => bodiesOf(api, 'POST', '/api/devices');

describe('the device form', () => {
  it("fills the rows from the model with the CPCB and SPCB units, then asks for each row's unit and the counter's max", async () => {
    const { user, dialog, api } = await openAddDialog({} as UserEvent);
    await startDevice(user, dialog);
    const so2 = rowOf(dialog, 'SO2');
    expect(within(so2).getByRole('checkbox', { name: 'Monitor SO2' })).toBeChecked();
    expect(within(so2).getByRole('textbox', { name: /^CPCB unit/ })).toHaveValue('mg/Nm³');
    expect(within(so2).getByRole('textbox', { name: /^SPCB unit/ })).toHaveValue('mg/Nm³');
    expect(within(so2).getByRole('textbox', { name: /^Unit/ })).toHaveValue('');

    await submit(user, dialog);
    expect(await within(so2).findByText("Please select a unit for 'SO2' Parameter")).toBeInTheDocument();
    expect(
      within(rowOf(dialog, 'NOx')).getByText("Please select a unit for 'NOx' Parameter"),
    ).toBeInTheDocument();
    const totaliser = rowOf(dialog, 'Flow totaliser');
    expect(
      within(totaliser).getByText("Please enter a max value for 'Flow totaliser' Parameter"),
    ).toBeInTheDocument();
    expect(posted(api)).toHaveLength(0);

    // A unit chosen clears its message at once.
    await chooseOption(user, /^Unit/, 'mg/Nm³', so2);
    await waitFor(() =>
      expect(within(so2).queryByText("Please select a unit for 'SO2' Parameter")).not.toBeInTheDocument(),
    );
  });

  it('asks for at least one monitored parameter', async () => {
    const { user, dialog, api } = await openAddDialog({} as UserEvent);
    await startDevice(user, dialog);
    for (const name of ['SO2', 'NOx', 'Flow totaliser']) {
      await user.click(within(rowOf(dialog, name)).getByRole('checkbox', { name: `Monitor ${name}` }));
    }
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please enable at least one parameter for monitoring.',
    );
    expect(posted(api)).toHaveLength(0);
  });

  const sharedSerialHandlers = {
    'POST /api/checkSNoAvailability': ({ init }: { init: RequestInit }) => {
      const serial = String(requestBody(init).newSNo);
      if (!serial.startsWith('SHARED')) {
        return jsonResponse({ available: true, forbidden: false, sensorIdRequired: false });
      }
      return errorResponse(409, 'SERIAL_NUMBER_TAKEN', 'Another device has this serial number.', undefined, {
        forbidden: false,
        sensorIdRequired: !serial.includes('#'),
      });
    },
    'POST /api/checkSIdAvailability': ({ init }: { init: RequestInit }) =>
      jsonResponse({ available: requestBody(init).sensorId !== 'S-TAKEN' }),
  };

  it('asks for sensor ids when another device has the serial number, and refuses repeated or taken ones', async () => {
    const { user, dialog, api } = await openAddDialog({} as UserEvent, sharedSerialHandlers);
    await startDevice(user, dialog, 'SHARED-1');
    await completeRows(user, dialog);
    expect(
      await within(dialog).findByText(
        'Another device has this serial number: give each monitored parameter a sensor id.',
      ),
    ).toBeInTheDocument();

    await submit(user, dialog);
    for (const name of ['SO2', 'NOx', 'Flow totaliser']) {
      expect(
        await within(rowOf(dialog, name)).findByText(DEVICE_MESSAGES.sensorIdRequired),
      ).toBeInTheDocument();
    }
    expect(posted(api)).toHaveLength(0);

    await typeInto(user, rowOf(dialog, 'SO2'), /^Sensor id/, 'S1');
    await typeInto(user, rowOf(dialog, 'NOx'), /^Sensor id/, 's1');
    await typeInto(user, rowOf(dialog, 'Flow totaliser'), /^Sensor id/, 'S-TAKEN');
    await submit(user, dialog);
    expect(
      await within(rowOf(dialog, 'NOx')).findByText(DEVICE_MESSAGES.sensorIdRepeated),
    ).toBeInTheDocument();
    expect(
      await within(rowOf(dialog, 'Flow totaliser')).findByText(DEVICE_MESSAGES.sensorIdTaken),
    ).toBeInTheDocument();
    expect(
      within(rowOf(dialog, 'SO2')).queryByText(DEVICE_MESSAGES.sensorIdRequired),
    ).not.toBeInTheDocument();
    expect(posted(api)).toHaveLength(0);
    // Three passes through the whole form: the longest test of the file, given room on a busy machine.
  }, 120_000);

  it('needs no sensor ids when the shared serial number has #', async () => {
    const { user, dialog, api } = await openAddDialog({} as UserEvent, sharedSerialHandlers);
    await startDevice(user, dialog, 'SHARED#1');
    await completeRows(user, dialog);
    expect(
      await within(dialog).findByText(
        'Another device has this serial number; with # in it, no sensor ids are needed.',
      ),
    ).toBeInTheDocument();
    await submit(user, dialog);
    expect(await screen.findByText('Device created successfully.')).toBeInTheDocument();
    expect(posted(api)).toHaveLength(1);
    expect(posted(api)[0]).toMatchObject({ serialNumber: 'SHARED#1' });
  });

  it('marks a serial number the server forbids', async () => {
    const { user, dialog, api } = await openAddDialog({} as UserEvent, {
      'POST /api/checkSNoAvailability': () =>
        errorResponse(409, 'SERIAL_NUMBER_TAKEN', 'Taken', [
          { path: 'newSNo', code: 'FIELD_TAKEN', message: DEVICE_MESSAGES.serialForbidden },
        ]),
    });
    await startDevice(user, dialog, 'OTHER-IND-1');
    await completeRows(user, dialog);
    await submit(user, dialog);
    const serial = within(dialog).getByRole('textbox', { name: /^Serial number/ });
    await waitFor(() => expect(serial).toHaveAccessibleDescription(/belongs to another industry's device/));
    expect(serial).toHaveAttribute('aria-invalid', 'true');
    expect(posted(api)).toHaveLength(0);
  });

  it('filters the analyser types by the NO or NO2 conversion, fills one ratio from the other and wants them to make 100', async () => {
    const { user, dialog, api } = await openAddDialog({} as UserEvent);
    await startDevice(user, dialog);
    await completeRows(user, dialog);
    await user.click(within(dialog).getByRole('switch', { name: /^NDIR enabled/ }));
    const noShare = within(dialog).getByRole('textbox', { name: /^NO share/ });
    const no2Share = within(dialog).getByRole('textbox', { name: /^NO2 share/ });
    expect(noShare).toHaveValue('5 %');
    expect(no2Share).toHaveValue('95 %');

    const typeInput = within(dialog).getByRole('textbox', { name: /^Analyser type/ });
    await user.click(typeInput);
    const optionsOf = async () => {
      const listbox = document.getElementById(typeInput.getAttribute('aria-controls') ?? '');
      return within(listbox!)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent);
    };
    await waitFor(async () =>
      expect(await optionsOf()).toEqual([
        'NDIR (non-dispersive infrared), NO',
        'Chemiluminescence (CLD), NO with NO2 converter',
      ]),
    );
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('radio', { name: 'NO2' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.url === '/api/type/ndir?conversion=NO2')).toBe(true),
    );
    await chooseOption(user, /^Analyser type/, 'NDUV (non-dispersive ultraviolet), NO2', dialog);

    await user.clear(noShare);
    await user.type(noShare, '10');
    await waitFor(() => expect(no2Share).toHaveValue('90 %'));
    // Both typed: neither fills the other any more, and the sum is checked.
    await user.clear(no2Share);
    await user.type(no2Share, '80');
    expect(noShare).toHaveValue('10 %');
    await submit(user, dialog);
    await waitFor(() =>
      expect(no2Share).toHaveAccessibleDescription('The NO and NO2 ratios must add up to 100'),
    );
    expect(posted(api)).toHaveLength(0);

    await user.clear(no2Share);
    await user.type(no2Share, '90');
    await submit(user, dialog);
    expect(await screen.findByText('Device created successfully.')).toBeInTheDocument();
    expect(posted(api)[0]).toMatchObject({
      tenantId: 21,
      isNdirEnabled: true,
      noxConversion: 'NO2',
      ndirType: 'NDUV',
      noRatio: 0.1,
      no2Ratio: 0.9,
      dataFrequency: 15,
      dataUploadMethod: 'MODBUS',
      monitoringPointId: 7,
      modelId: 41,
    });
    // The new device's industry is chosen in the list.
    await waitFor(() => expect(address()).toBe('/devices?tenantId=21'));
  });

  it('asks the server about each serial number typed, cancelling the question before', async () => {
    const { user, dialog, api } = await openAddDialog({} as UserEvent, {
      'POST /api/checkSNoAvailability': ({ init }) =>
        new Promise<Response>((resolve, reject) => {
          const serial = String(requestBody(init).newSNo);
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          // Only the last one typed is answered; the others wait until they are cancelled.
          if (serial === 'SN-200') {
            resolve(jsonResponse({ available: true, forbidden: false, sensorIdRequired: false }));
          }
        }),
    });
    await typeInto(user, dialog, /^Serial number/, 'SN-100');
    const checks = () => api.calls.filter((call) => call.url === '/api/checkSNoAvailability');
    await waitFor(() => expect(checks().length).toBeGreaterThan(0));
    expect(within(dialog).getByText('Checking the serial number…')).toBeInTheDocument();

    await typeInto(user, dialog, /^Serial number/, 'SN-200');
    expect(await within(dialog).findByText('No other device has this serial number.')).toBeInTheDocument();
    const all = checks();
    expect(requestBody(all.at(-1)!.init)).toMatchObject({ newSNo: 'SN-200', tenantId: 21 });
    for (const earlier of all.slice(0, -1)) expect(earlier.init.signal?.aborted).toBe(true);
    expect(all.at(-1)!.init.signal?.aborted).toBe(false);
  });

  it('puts the rule details of a refused save under their fields', async () => {
    const { user, dialog } = await openAddDialog({} as UserEvent, {
      'POST /api/devices': () =>
        errorResponse(422, 'DEVICE_RULES', 'Please correct the marked fields.', [
          {
            path: 'params.0.unit',
            code: 'FIELD_REQUIRED',
            message: "Please select a unit for 'SO2' Parameter",
          },
          { path: 'params.2.max', code: 'FIELD_REQUIRED', message: 'Max' },
          { path: 'serialNumber', code: 'FIELD_TAKEN', message: DEVICE_MESSAGES.serialForbidden },
          { path: 'params.1.sensorId', code: 'FIELD_TAKEN', message: DEVICE_MESSAGES.sensorIdTaken },
        ]),
    });
    await startDevice(user, dialog);
    await completeRows(user, dialog);
    await submit(user, dialog);
    expect(await screen.findByText('Error in creation.')).toBeInTheDocument();
    expect(
      within(rowOf(dialog, 'SO2')).getByText("Please select a unit for 'SO2' Parameter"),
    ).toBeInTheDocument();
    expect(
      within(rowOf(dialog, 'Flow totaliser')).getByText(
        "Please enter a max value for 'Flow totaliser' Parameter",
      ),
    ).toBeInTheDocument();
    expect(within(rowOf(dialog, 'NOx')).getByText(DEVICE_MESSAGES.sensorIdTaken)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Serial number/ })).toHaveAccessibleDescription(
      /belongs to another industry's device/,
    );
    // The dialog stays open with what was typed.
    expect(address()).toBe('/devices/add?tenantId=21');
  });

  it('says the parameter limit is exhausted (PARAMETER_LIMIT_EXHAUSTED) and saves nothing', async () => {
    const { user, dialog } = await openAddDialog({} as UserEvent, {
      'POST /api/devices': () =>
        errorResponse(422, 'PARAMETER_LIMIT_EXHAUSTED', 'Server text.', undefined, { limit: 12 }),
    });
    await startDevice(user, dialog);
    await completeRows(user, dialog);
    await submit(user, dialog);
    const notice = await screen.findByRole('dialog', { name: 'Parameter limit reached' });
    expect(notice).toHaveTextContent(
      'You have exhausted your parameter limit. Please upgrade your subscription or contact partner.',
    );
    expect(screen.queryByText('Device created successfully.')).not.toBeInTheDocument();
    expect(address()).toBe('/devices/add?tenantId=21');
  });

  it('adds a catalogue parameter the model does not list', async () => {
    const { user, dialog } = await openAddDialog({} as UserEvent);
    await startDevice(user, dialog);
    await chooseOption(user, /^Add a parameter/, 'Carbon Monoxide', dialog);
    const co = await within(dialog).findByRole('group', { name: 'Carbon Monoxide' });
    await waitFor(() =>
      expect(within(co).getByRole('textbox', { name: /^CPCB unit/ })).toHaveValue('mg/Nm³'),
    );
  });
});

describe('editing a device', () => {
  it('asks before unchecking a saved parameter or removing one, and says what was saved', async () => {
    const { user, api } = renderDevices('/devices/9/edit', {
      'PUT /api/devices/9': ({ init }) =>
        jsonResponse({ ...KILN_CEMS, version: 4, ...requestBody(init), params: [] }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit device' });
    const so2 = await within(dialog).findByRole('group', { name: 'SO2' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Kiln CEMS');

    const monitor = within(so2).getByRole('checkbox', { name: 'Monitor SO2' });
    await user.click(monitor);
    let confirm = await screen.findByRole('dialog', { name: 'Stop monitoring SO2?' });
    expect(confirm).toHaveTextContent(DEVICE_MESSAGES.historyLost);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Stop monitoring SO2?' })).not.toBeInTheDocument(),
    );
    expect(monitor).toBeChecked();

    await user.click(monitor);
    confirm = await screen.findByRole('dialog', { name: 'Stop monitoring SO2?' });
    await user.click(within(confirm).getByRole('button', { name: 'Stop monitoring' }));
    await waitFor(() => expect(monitor).not.toBeChecked());

    await user.click(within(rowOf(dialog, 'NOx')).getByRole('button', { name: 'Remove NOx' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove NOx?' });
    expect(confirm).toHaveTextContent('Its stored readings will no longer be shown');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'NOx' })).not.toBeInTheDocument());

    // SO2 is not monitored and NOx is gone: nothing is monitored.
    await submit(user, dialog, 'Save');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DEVICE_MESSAGES.enableOne);
    await user.click(within(so2).getByRole('checkbox', { name: 'Monitor SO2' }));
    await submit(user, dialog, 'Save');

    expect(await screen.findByText('Device Updated Successfully.')).toBeInTheDocument();
    expect(await screen.findByText('Parameter Deleted Successfully.')).toBeInTheDocument();
    const [body] = bodiesOf(api, 'PUT', '/api/devices/9');
    expect(body).toMatchObject({ version: 3, name: 'Kiln CEMS', certification: 'TUV' });
    expect(body?.params).toEqual([expect.objectContaining({ id: 101, parameterId: 31, enabled: true })]);
    await waitFor(() => expect(address()).toBe('/devices'));
  });

  it('offers to reload a device someone else changed', async () => {
    let version = 3;
    const { user } = renderDevices('/devices/9/edit', {
      'GET /api/devices/9': () =>
        jsonResponse({ ...KILN_CEMS, version, name: version > 3 ? 'Kiln CEMS A' : 'Kiln CEMS' }),
      'PUT /api/devices/9': () => {
        version = 4;
        return errorResponse(409, 'STALE_VERSION', 'Changed.');
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit device' });
    await within(dialog).findByRole('group', { name: 'SO2' });
    await submit(user, dialog, 'Save');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Changed by someone else');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Kiln CEMS A'),
    );
    expect(within(dialog).queryByText('Changed by someone else')).not.toBeInTheDocument();
  });

  it('says when the device does not exist', async () => {
    renderDevices('/devices/404/edit', {
      'GET /api/devices/404': () => errorResponse(404, 'NOT_FOUND', 'Not found'),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit device' });
    expect(await within(dialog).findByText('This device does not exist or was deleted.')).toBeInTheDocument();
  });
});
