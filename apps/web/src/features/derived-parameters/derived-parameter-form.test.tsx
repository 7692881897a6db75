import { screen, waitFor, within } from '@testing-library/react';
import { derivedParameterBodySchema, type DerivedParameter, type ExpressionKey } from '@vayu/domain';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../app/session';
import { buildUser, createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { chooseOption } from '../../test/select';
import { DerivedParameterFormPage } from './derived-parameter-form';

beforeEach(() => setStoredUser(buildUser({ userType: 'site' })));

const standard = (key: string, unit: string | null = 'mg/Nm3'): ExpressionKey => ({
  key,
  label: key.toUpperCase(),
  kind: 'standard',
  unit,
  derivedParameterId: null,
  derivedParameterLabel: null,
  dependsOn: [],
});

const KEYS: ExpressionKey[] = [
  standard('o2', '%'),
  standard('pm'),
  standard('so2'),
  standard('stack_flow', 'm3/h'),
  {
    key: 'nox_rate',
    label: 'NOx Rate',
    kind: 'derived',
    unit: 'kg/h',
    derivedParameterId: 9,
    derivedParameterLabel: 'NOx Mass Emission',
    dependsOn: ['stack_flow'],
  },
  {
    key: 'so2_load',
    label: 'SO2 Load',
    kind: 'derived',
    unit: 'kg/h',
    derivedParameterId: 8,
    derivedParameterLabel: 'SO2 Daily Load',
    dependsOn: ['so2_rate'],
  },
];

const UNITS = [
  { code: 'mg/Nm3', label: 'mg/Nm³', quantity: 'concentration' },
  { code: 'kg/h', label: 'kg/h', quantity: 'mass-flow' },
];

const stored: DerivedParameter = {
  id: 5,
  name: 'so2_mass_emission',
  label: 'SO2 Mass Emission',
  mtype: 'stack',
  paramKey: 'so2_mass_emission',
  paramMetric: 'so2.mass.emission',
  stdUnit: 'kg/h',
  alertLabel: null,
  metricAgg: 'AVG',
  metricDownsampleAgg: 'AVG',
  isAlertEnabled: false,
  derivedStdParamList: [
    {
      id: 11,
      derivedParamName: 'so2_rate',
      derivedParamLabel: 'SO2 Rate',
      derivedExpressionProperties: [
        {
          conditionalStatement: null,
          expressionParam: 'so2 * stack_flow / 1000000',
          dataSource: 'raw',
          unit: 'kg/h',
        },
      ],
    },
  ],
  status: 'ENABLED',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};

type Handlers = Parameters<typeof createApiMock>[0];

function renderForm(handlers: Handlers = {}, route = '/add-derived-param') {
  const api = createApiMock({
    'GET /api/derivedParameters/keys': () => jsonResponse(KEYS),
    'GET /api/units': () => jsonResponse(UNITS),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <Routes>
      <Route path="/add-derived-param" element={<DerivedParameterFormPage />} />
      <Route path="/derived-param-list" element={<p>The list</p>} />
    </Routes>,
    { route },
  );
  return { ...view, api };
}

/** Puts text into a field the way a paste does: one change, much faster than typing under jsdom. */
async function fill(user: ReturnType<typeof renderForm>['user'], input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const expressionInput = () => screen.getByRole('textbox', { name: /^Expression/ });

// The form has many inputs; typing into it under jsdom is slow on a busy machine.
describe('DerivedParameterFormPage', () => {
  it('shows the generated name, key, metric and series name live from the labels', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'SO2 Mass-Emission  Rate');
    expect(screen.getByTestId('generated-name')).toHaveTextContent('so2_massemission_rate');
    expect(screen.getByTestId('generated-key')).toHaveTextContent('so2_massemission_rate');
    expect(screen.getByTestId('generated-metric')).toHaveTextContent('so2.massemission.rate');

    await user.type(screen.getByRole('textbox', { name: /^Series label/ }), 'PM-10 Corrected');
    expect(screen.getByTestId('series-name-0')).toHaveTextContent('pm10_corrected');
  });

  it('offers the keys an expression may use and inserts the chosen one', async () => {
    const { user } = renderForm();
    const reference = screen.getByRole('complementary', { name: 'Keys you can use' });
    await within(reference).findByRole('button', { name: 'Insert stack_flow' });
    expect(within(reference).getByText('NOx Mass Emission · NOx Rate · kg/h')).toBeInTheDocument();

    await fill(user, expressionInput(), 'so2 *');
    await user.click(within(reference).getByRole('button', { name: 'Insert stack_flow' }));
    expect(expressionInput()).toHaveValue('so2 * stack_flow');

    await fill(user, within(reference).getByRole('searchbox', { name: 'Find a key' }), 'nox');
    expect(within(reference).queryByRole('button', { name: 'Insert so2' })).not.toBeInTheDocument();
    expect(within(reference).getByRole('button', { name: 'Insert nox_rate' })).toBeInTheDocument();
  });

  it('says what is wrong with an expression or condition as it is typed, and sends nothing', async () => {
    const { user, api } = renderForm();
    await screen.findByRole('button', { name: 'Insert so2' });
    await fill(user, screen.getByRole('textbox', { name: /^Label/ }), 'SO2 Check');
    await chooseOption(user, /Measured at/, 'Stack');
    await fill(user, screen.getByRole('textbox', { name: /^Series label/ }), 'SO2 Checked');

    await fill(user, expressionInput(), 'so2 * nope');
    await user.tab();
    expect(await screen.findByText("Unknown parameter 'nope'.")).toBeInTheDocument();
    expect(expressionInput()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(expressionInput());
    await fill(user, expressionInput(), 'so2 +* 2');
    expect(await screen.findByText(/^Invalid expression/)).toBeInTheDocument();

    const condition = screen.getByRole('textbox', { name: /^When \(optional\)/ });
    await fill(user, condition, 'o3 < 21');
    await user.tab();
    expect(await screen.findByText("Unknown parameter 'o3'.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add derived parameter' }));
    expect(await screen.findByText('Some fields need attention.')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses a series that refers back to itself, directly or through another derived parameter', async () => {
    const { user } = renderForm();
    await screen.findByRole('button', { name: 'Insert so2_load' });
    await fill(user, screen.getByRole('textbox', { name: /^Series label/ }), 'SO2 Rate');
    // so2_load (of another derived parameter) is computed from so2_rate
    await fill(user, expressionInput(), 'so2_load * 2');
    await user.tab();
    expect(
      await screen.findByText('The expression refers back to itself: so2_rate → so2_load → so2_rate.'),
    ).toBeInTheDocument();

    await user.clear(expressionInput());
    await fill(user, expressionInput(), 'so2_rate + nox_rate');
    expect(
      await screen.findByText('The expression refers back to itself: so2_rate → so2_rate.'),
    ).toBeInTheDocument();
  });

  it('sends the form as the API expects it and goes back to the list', async () => {
    const { user, api } = renderForm({
      'POST /api/derivedParameters': () => jsonResponse(stored, 201),
    });
    await screen.findByRole('button', { name: 'Insert so2' });
    await fill(user, screen.getByRole('textbox', { name: /^Label/ }), 'SO2 Mass Emission');
    await chooseOption(user, /Measured at/, 'Stack');
    await fill(user, screen.getByRole('textbox', { name: /^Series label/ }), 'SO2 Rate');
    await fill(user, screen.getByRole('textbox', { name: /^When \(optional\)/ }), 'stack_flow > 0');
    await fill(user, expressionInput(), 'so2 * stack_flow / 1000000');
    await user.click(screen.getByRole('button', { name: 'Add derived parameter' }));

    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(await screen.findByText('Parameter Added Successfully.')).toBeInTheDocument();
    const body = JSON.parse(String(api.calls.find((call) => call.method === 'POST')?.init.body)) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      label: 'SO2 Mass Emission',
      mtype: 'stack',
      metricAgg: 'AVG',
      metricDownsampleAgg: 'AVG',
      isAlertEnabled: false,
      derivedStdParamList: [
        {
          derivedParamLabel: 'SO2 Rate',
          derivedExpressionProperties: [
            {
              conditionalStatement: 'stack_flow > 0',
              expressionParam: 'so2 * stack_flow / 1000000',
              dataSource: 'raw',
              unit: null,
            },
          ],
        },
      ],
    });
    // Every key sent is one the API accepts.
    expect(derivedParameterBodySchema.safeParse(body).success).toBe(true);
  });

  it('shows the server’s field errors and a duplicate name where they belong', async () => {
    let answer = 0;
    const { user } = renderForm({
      'POST /api/derivedParameters': () =>
        ++answer === 1
          ? errorResponse(400, 'VALIDATION_FAILED', 'The request has invalid fields.', [
              {
                path: 'derivedStdParamList.0.derivedParamLabel',
                message: 'The series name "so2_rate" is already used by the derived parameter "SO2 Load".',
                code: 'FIELD_RULE',
              },
            ])
          : errorResponse(409, 'PARAMETER_EXISTS', 'Refused.'),
    });
    await screen.findByRole('button', { name: 'Insert so2' });
    await fill(user, screen.getByRole('textbox', { name: /^Label/ }), 'SO2 Mass Emission');
    await chooseOption(user, /Measured at/, 'Stack');
    await fill(user, screen.getByRole('textbox', { name: /^Series label/ }), 'SO2 Rate');
    await fill(user, expressionInput(), 'so2');
    await user.click(screen.getByRole('button', { name: 'Add derived parameter' }));

    expect(
      await screen.findByText(
        'The series name "so2_rate" is already used by the derived parameter "SO2 Load".',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Series label/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Error in Editing Parameter.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /^Series label/ }));
    await fill(user, screen.getByRole('textbox', { name: /^Series label/ }), 'SO2 Rate New');
    await user.click(screen.getByRole('button', { name: 'Add derived parameter' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Label/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Parameter already exists.')).toBeInTheDocument();
  });

  it('says above the form which derived parameter uses a series, and offers a reload for a stale version', async () => {
    let answer = 0;
    const { user } = renderForm(
      {
        'GET /api/derivedParameters/5': () => jsonResponse(stored),
        'PUT /api/derivedParameters/5': () =>
          ++answer === 1
            ? errorResponse(409, 'DERIVED_PARAMETER_IN_USE', 'Refused.', undefined, {
                action: 'rename',
                series: 'so2_rate',
                usedBy: 'SO2 Daily Load',
              })
            : errorResponse(409, 'STALE_VERSION', 'Changed.'),
      },
      '/add-derived-param?id=5',
    );
    await screen.findByRole('button', { name: 'Insert so2' });
    await screen.findByDisplayValue('so2 * stack_flow / 1000000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'The series "so2_rate" is used in an expression of the derived parameter "SO2 Daily Load" and cannot be renamed or removed.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByRole('alert', { name: /Changed by someone else/ });
    expect(within(conflict).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('edits a stored one from its version, with its own series not counted as taken', async () => {
    const { user, api } = renderForm(
      {
        'GET /api/derivedParameters/5': () => jsonResponse(stored),
        'GET /api/derivedParameters/keys': () =>
          jsonResponse([
            ...KEYS,
            {
              key: 'so2_rate',
              label: 'SO2 Rate',
              kind: 'derived',
              unit: 'kg/h',
              derivedParameterId: 5,
              derivedParameterLabel: 'SO2 Mass Emission',
              dependsOn: ['so2', 'stack_flow'],
            },
          ]),
        'PUT /api/derivedParameters/5': () => jsonResponse({ ...stored, version: 4 }),
      },
      '/add-derived-param?id=5',
    );
    expect(await screen.findByRole('heading', { name: 'Edit derived parameter' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Insert so2' });
    expect(await screen.findByDisplayValue('so2 * stack_flow / 1000000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Parameter Edited Successfully.')).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toMatchObject({
      label: 'SO2 Mass Emission',
      version: 3,
      derivedStdParamList: [{ derivedParamLabel: 'SO2 Rate' }],
    });
  });
});
