import type { Locator, Page } from '@playwright/test';
import { createOwnIndustry, getJson, postJson, uniqueName } from '../api';
import { expect, expectNotice, pickOption, test } from '../fixtures';

/**
 * The device registry (/devices): a device added through the dialog meets
 * every rule of spec §5 on the way, then is changed and deleted. Each run
 * makes its own industry, monitoring point and the device whose serial
 * number the new one shares.
 */

/** The demo gas analyser Horiba ENDA-5000 and the catalogue parameters it measures. */
async function findEnda5000(page: Page) {
  const makes = await getJson<{ id: number; name: string }[]>(page, '/api/Analyser/make');
  const horiba = makes.find((make) => make.name === 'Horiba')!;
  const models = await getJson<{ id: number; name: string }[]>(page, `/api/modelByMake/${horiba.id}`);
  const model = models.find((item) => item.name === 'ENDA-5000')!;
  const parameters = await getJson<{ id: number; label: string }[]>(page, `/api/models/${model.id}/params`);
  return { model, so2: parameters.find((parameter) => parameter.label === 'SO2')! };
}

/** Chooses a parameter row's unit and waits until the row shows it (and its list has closed). */
async function chooseUnit(row: Locator, unit: string) {
  const field = row.getByRole('textbox', { name: /^Unit/ });
  await pickOption(field, unit, { exact: true });
  await expect(field).toHaveValue(unit);
  await expect(row.page().getByRole('listbox')).toHaveCount(0);
}

test('a device is added meeting each rule on the way, then changed, then deleted after confirming', async ({
  signedInAsSite: page,
}) => {
  const industry = await createOwnIndustry(page, 'E2E Devices Cement');
  const point = await postJson<{ id: number }>(page, `/api/tenants/${industry.id}/entities`, {
    name: 'Kiln Stack E2E',
    entityType: 'stack',
    properties: { stackHeight: 90, stackDiameter: 3.5 },
  });
  const { model, so2 } = await findEnda5000(page);
  // A device already streaming with this serial number: the new one must name its sensors.
  const serial = uniqueName('HOR-E5K').replace(/\s+/g, '-');
  await postJson(page, '/api/devices', {
    tenantId: industry.id,
    name: 'Gas Analyser (existing)',
    serialNumber: serial,
    dataFrequency: 15,
    monitoringPointId: point.id,
    modelId: model.id,
    dataUploadMethod: 'MODBUS',
    params: [{ parameterId: so2.id, enabled: true, unit: 'mg/Nm3', sensorId: 'SO2-A' }],
  });

  await page.goto(`/devices?tenantId=${industry.id}`);
  await expect(page.getByRole('table', { name: 'Devices 1–1 of 1' })).toBeVisible();
  await page.getByRole('link', { name: 'Add device' }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/add\\?tenantId=${industry.id}$`));
  const dialog = page.getByRole('dialog', { name: 'Add device' });
  const name = uniqueName('Kiln Gas Analyser');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Serial number/ }).fill(serial);
  await expect(dialog.getByRole('textbox', { name: /^Serial number/ })).toHaveAccessibleDescription(
    'Another device has this serial number: give each monitored parameter a sensor id.',
  );
  await pickOption(dialog.getByRole('textbox', { name: /^Monitoring point/ }), 'Kiln Stack E2E');
  await pickOption(dialog.getByRole('textbox', { name: /^Analyser make/ }), 'Horiba', { exact: true });
  await pickOption(dialog.getByRole('textbox', { name: /^Analyser model/ }), 'ENDA-5000 (CEMS)');
  const row = (label: string) => dialog.getByRole('group', { name: label, exact: true });
  await expect(row('SO2')).toBeVisible();
  const rows = ['CO', 'CO2', 'NOx', 'O2', 'SO2'];

  // Nothing monitored.
  for (const label of rows)
    await row(label)
      .getByRole('checkbox', { name: `Monitor ${label}` })
      .uncheck();
  const save = dialog.getByRole('button', { name: 'Add device' });
  await save.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enable at least one parameter for monitoring.');

  // SO2 and NOx monitored, without units or sensor ids.
  await row('SO2').getByRole('checkbox', { name: 'Monitor SO2' }).check();
  await row('NOx').getByRole('checkbox', { name: 'Monitor NOx' }).check();
  await save.click();
  await expect(row('SO2').getByRole('textbox', { name: /^Unit/ })).toHaveAccessibleDescription(
    "Please select a unit for 'SO2' Parameter",
  );
  await expect(row('NOx').getByRole('textbox', { name: /^Unit/ })).toHaveAccessibleDescription(
    "Please select a unit for 'NOx' Parameter",
  );
  await expect(row('SO2').getByRole('textbox', { name: /^Sensor id/ })).toHaveAccessibleDescription(
    'A sensor id is required: another device has this serial number',
  );
  for (const label of ['SO2', 'NOx']) await chooseUnit(row(label), 'mg/Nm³');
  await row('SO2')
    .getByRole('textbox', { name: /^Sensor id/ })
    .fill('SO2-B');
  await row('NOx')
    .getByRole('textbox', { name: /^Sensor id/ })
    .fill('NOX-B');

  // The totalised stack flow: a counter needs its roll-over value.
  const addParameter = dialog.getByRole('textbox', { name: 'Add a parameter' });
  await addParameter.fill('Stack Flow');
  await pickOption(addParameter, 'Stack Flow', { exact: true });
  await chooseUnit(row('Stack Flow'), 'm³/h');
  await row('Stack Flow')
    .getByRole('textbox', { name: /^Sensor id/ })
    .fill('FLOW-B');
  await row('Stack Flow').getByRole('checkbox', { name: 'Counter' }).check();
  await save.click();
  await expect(row('Stack Flow').getByRole('textbox', { name: /^Max/ })).toHaveAccessibleDescription(
    "Please enter a max value for 'Stack Flow' Parameter",
  );
  await row('Stack Flow').getByRole('textbox', { name: /^Max/ }).fill('99999999');

  // NOx read as NO by NDIR: the NO and NO2 shares must make 100.
  await dialog.getByRole('switch', { name: /^NDIR enabled/ }).check();
  await pickOption(
    dialog.getByRole('textbox', { name: /^Analyser type/ }),
    'NDIR (non-dispersive infrared), NO',
  );
  const noShare = dialog.getByRole('textbox', { name: /^NO share/ });
  const no2Share = dialog.getByRole('textbox', { name: /^NO2 share/ });
  await noShare.fill('10');
  await expect(no2Share).toHaveValue('90 %');
  await no2Share.fill('85');
  await save.click();
  await expect(no2Share).toHaveAccessibleDescription('The NO and NO2 ratios must add up to 100');
  await no2Share.fill('90');

  await save.click();
  await expectNotice(page, 'Device created successfully.');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/devices\\?tenantId=${industry.id}$`));
  const created = page.getByRole('row', { name: new RegExp(name) });
  await expect(created).toContainText(serial);
  await expect(created).toContainText('Horiba ENDA-5000');
  await expect(created.getByRole('cell').nth(5)).toHaveText('3');

  // Changed: a tag, and CO monitored too.
  await created.getByRole('link', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit device' });
  await expect(edit.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
  await expect(edit.getByRole('textbox', { name: /^NO2 share/ })).toHaveValue('90 %');
  await edit.getByRole('textbox', { name: /^Tag/ }).fill('kiln-line-2');
  const co = edit.getByRole('group', { name: 'CO', exact: true });
  await co.getByRole('checkbox', { name: 'Monitor CO' }).check();
  await chooseUnit(co, 'mg/Nm³');
  await co.getByRole('textbox', { name: /^Sensor id/ }).fill('CO-B');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Device Updated Successfully.');
  await expect(edit).toBeHidden();
  await expect(created.getByRole('cell').nth(5)).toHaveText('4');

  await page.getByRole('searchbox', { name: 'Search' }).fill('kiln-line-2');
  await expect(page).toHaveURL(/search=kiln-line-2/);
  await expect(page.getByRole('table', { name: 'Devices 1–1 of 1' })).toBeVisible();

  await created.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: `Delete the device "${name}"` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Device Deleted Successfully.');
  await expect(page.getByText('No devices match these filters.')).toBeVisible();
});
