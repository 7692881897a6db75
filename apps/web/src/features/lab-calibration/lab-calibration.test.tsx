import { screen, waitFor, within } from '@testing-library/react';
import type { CalibrationScheduleItem } from '@vayu/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DeviceCalibrationSchedule } from './device-calibration-schedule';
import { LabReportUploadDialog } from './lab-report-upload-dialog';

const item = (overrides: Partial<CalibrationScheduleItem>): CalibrationScheduleItem => ({
  tenant: { id: 2, name: 'Deccan Cement Works' },
  monitoringPoint: { id: 3, name: 'Kiln Stack' },
  device: { id: 5, name: 'Gas Analyser' },
  parameter: { id: 11, label: 'SO2' },
  parameterClass: 'GAS',
  check: 'TWO_POINT',
  interval: 'FORTNIGHTLY',
  lastDone: { calibrationId: 1, at: '2026-03-01T05:30:00.000Z', by: 'Asha Rao', check: 'TWO_POINT' },
  dueAt: '2026-03-15T05:30:00.000Z',
  marker: 'OVERDUE',
  ...overrides,
});

describe('DeviceCalibrationSchedule', () => {
  it("shows each check's marker, last time done and by whom, and when it is due", async () => {
    const api = createApiMock({
      'GET /api/calibrations/schedule': () =>
        jsonResponse({
          items: [
            item({}),
            item({
              check: 'MULTIPOINT',
              interval: 'QUARTERLY',
              lastDone: null,
              dueAt: null,
              marker: 'NEVER',
            }),
          ],
          page: 1,
          pageSize: 20,
          total: 2,
          totalKind: 'exact',
          pageCount: 1,
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderWithProviders(<DeviceCalibrationSchedule deviceId={5} />);
    const table = await screen.findByRole('table', { name: 'Calibration checks 1–2 of 2' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('SO2');
    expect(rows[0]).toHaveTextContent('Two-point');
    expect(rows[0]).toHaveTextContent('Fortnightly');
    expect(rows[0]).toHaveTextContent('Asha Rao');
    expect(rows[0]).toHaveTextContent('Overdue');
    expect(rows[1]).toHaveTextContent('Never done');
    expect(rows[1]).toHaveTextContent('Now');
    expect(api.calls[0]!.url).toContain('deviceId=5');
  });

  it('offers a retry when the schedule cannot be loaded', async () => {
    const api = createApiMock({
      'GET /api/calibrations/schedule': () => errorResponse(500, 'INTERNAL', 'Something went wrong'),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderWithProviders(<DeviceCalibrationSchedule deviceId={5} />);
    expect(await screen.findByText('The calibration schedule could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('LabReportUploadDialog', () => {
  function renderUpload(handlers: Parameters<typeof createApiMock>[0] = {}) {
    const api = createApiMock({
      'POST /api/labReports': () =>
        jsonResponse(
          {
            id: 1,
            tenantId: 2,
            monitoringPoint: { id: 3, name: 'Kiln Stack' },
            title: 'Stack sampling',
            labName: null,
            sampledOn: '2026-01-15',
            comment: null,
            fileName: 'sampling.pdf',
            contentType: 'application/pdf',
            size: 10,
            uploadedBy: 'Asha Rao',
            uploadedAt: '2026-01-16T05:00:00.000Z',
          },
          201,
        ),
      ...handlers,
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const onClose = vi.fn();
    const view = renderWithProviders(
      <LabReportUploadDialog opened monitoringPointId={3} pointName="Kiln Stack" onClose={onClose} />,
    );
    return { ...view, api, onClose };
  }

  it('asks for a title and a file before sending, then sends the fields and the file as multipart', async () => {
    const { user, api, onClose } = renderUpload();
    const dialog = await screen.findByRole('dialog', { name: 'Upload a lab report: Kiln Stack' });
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Stack sampling');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose the report file.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'sampling.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.calls[0]!.init.body as FormData;
    expect(body.get('monitoringPointId')).toBe('3');
    expect(body.get('title')).toBe('Stack sampling');
    expect((body.get('file') as File).name).toBe('sampling.pdf');
  });

  it('shows a file the server refused by its content under the file input', async () => {
    const { user } = renderUpload({
      'POST /api/labReports': () =>
        errorResponse(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'A lab report must be a PDF, CSV, XLSX, JPEG or PNG file',
        ),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload a lab report: Kiln Stack' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Stack sampling');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['MZ'], 'report.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(
      await within(dialog).findByText('A lab report must be a PDF, CSV, XLSX, JPEG or PNG file.'),
    ).toBeInTheDocument();
  });
});
