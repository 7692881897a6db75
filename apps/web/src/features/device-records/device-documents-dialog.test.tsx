import { screen, waitFor, within } from '@testing-library/react';
import type { DeviceDocuments } from '@vayu/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../components/dialogs';
import { createApiMock, errorResponse, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DeviceDocumentsDialog } from './index';

const emptyFields: DeviceDocuments['fields'] = {
  instrumentAccuracy: null,
  instrumentMeasurementRange: null,
  instrumentWorkingTemperatureRange: null,
  measurementCycle: null,
  otherDiagnosticParametersMonitored: null,
  referenceGasUsed: null,
  zeroGasUsed: null,
};

const nothing: DeviceDocuments = { deviceId: 5, fields: emptyFields, files: [] };

const manual = {
  id: 31,
  fileName: 'SO2 analyser manual.pdf',
  contentType: 'application/pdf',
  size: 245_760,
  pathName: 'device-documents/5/31',
  uploadedBy: 'Asha Rao',
  uploadedAt: '2026-03-10T06:12:00.000Z',
};
const photo = {
  id: 32,
  fileName: 'Stack photo.png',
  contentType: 'image/png',
  size: 52_000,
  pathName: 'device-documents/5/32',
  uploadedBy: 'Asha Rao',
  uploadedAt: '2026-03-11T06:12:00.000Z',
};
const withFiles: DeviceDocuments = {
  deviceId: 5,
  fields: { ...emptyFields, instrumentAccuracy: '±2% of span', zeroGasUsed: 'N2 99.999%' },
  files: [photo, manual],
};

type Handlers = Parameters<typeof createApiMock>[0];

/** What the server holds: the handlers of a test change it, as the API would. */
const stored: { documents: DeviceDocuments } = { documents: nothing };

/** The server now holds `documents` and answers with them. */
const store = (documents: DeviceDocuments) => {
  stored.documents = documents;
  return jsonResponse(documents);
};

function renderDialog(documents: DeviceDocuments, handlers: Handlers = {}, canEdit = true) {
  stored.documents = documents;
  const api = createApiMock({
    'GET /api/getDocuments/5': () => jsonResponse(stored.documents),
    ...handlers,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const view = renderWithProviders(
    <>
      <DeviceDocumentsDialog
        deviceId={5}
        deviceName="SO2 Analyser"
        canEdit={canEdit}
        opened
        onClose={() => {}}
      />
      <DialogHost />
    </>,
  );
  return { ...view, api };
}

const createdUrls: Blob[] = [];
beforeEach(() => {
  createdUrls.length = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: vi.fn((blob: Blob) => {
      createdUrls.push(blob);
      return `blob:http://localhost/${createdUrls.length}`;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('DeviceDocumentsDialog', () => {
  it('says the spec text when the device has no documents, and offers no change to those who may not make one', async () => {
    renderDialog(nothing, {}, false);
    const dialog = await screen.findByRole('dialog', { name: 'Supporting documents: SO2 Analyser' });
    expect(
      await within(dialog).findByText('No Device Supporting Documents Available please Update Documents'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Update documents' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Update documents' })).not.toBeInTheDocument();
  });

  it('lists the details and the files with their type, size and who uploaded them', async () => {
    renderDialog(withFiles);
    const table = await screen.findByRole('table', { name: 'Files (2 of at most 50)' });
    const row = within(table).getByRole('row', { name: /SO2 analyser manual\.pdf/ });
    expect(within(row).getByText('PDF')).toBeInTheDocument();
    expect(within(row).getByText('240 KB')).toBeInTheDocument();
    expect(within(row).getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Instrument accuracy' }).closest('tr')).toHaveTextContent(
      '±2% of span',
    );
  });

  it('uploads changed details and files as multipart, after checking the files in the browser', async () => {
    const { user, api } = renderDialog(nothing, {
      'POST /api/device/documents/5': () =>
        store({
          ...nothing,
          fields: { ...emptyFields, referenceGasUsed: 'SO2 400 ppm in N2' },
          files: [manual],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Update documents' }));
    const reference = await screen.findByRole('textbox', { name: 'Reference gas used' });
    await user.type(reference, 'SO2 400 ppm in N2');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;

    await user.upload(
      input,
      new File([new Uint8Array(11 * 1024 * 1024)], 'scan.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('"scan.pdf" is larger than 10 MB')).toBeInTheDocument();

    const pdf = new File(['%PDF-1.4 manual'], 'SO2 analyser manual.pdf', { type: 'application/pdf' });
    await user.upload(input, pdf);
    await waitFor(() => expect(screen.queryByText(/is larger than/)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save documents' }));

    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const body = api.calls.find((call) => call.method === 'POST')!.init.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()].sort()).toEqual(['files', 'referenceGasUsed']);
    expect(form.get('referenceGasUsed')).toBe('SO2 400 ppm in N2');
    expect((form.get('files') as File).name).toBe('SO2 analyser manual.pdf');
    // Back on the list, which shows the stored documents.
    expect(await screen.findByRole('table', { name: 'Files (1 of at most 50)' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a file by its content under the file input", async () => {
    const { user } = renderDialog(nothing, {
      'POST /api/device/documents/5': () =>
        errorResponse(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'A supporting document must be a PDF, PNG or JPEG file',
          [{ path: 'files', message: '"manual.pdf": not a PDF', code: 'FIELD_INVALID' }],
          { fileNames: 'manual.pdf' },
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Update documents' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['MZ'], 'manual.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Save documents' }));
    expect(await screen.findByText('"manual.pdf" is not a PDF, PNG or JPEG file')).toBeInTheDocument();
  });

  it('views an image in the dialog and a PDF in a new tab, through documentById', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, api } = renderDialog(withFiles, {
      'POST /api/documentById': ({ init }) => {
        const { pathName } = JSON.parse(String(init.body)) as { pathName: string };
        return pathName === photo.pathName
          ? new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
              headers: { 'content-type': 'image/png' },
            })
          : new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View Stack photo.png' }));
    expect(await screen.findByRole('img', { name: 'Preview of Stack photo.png' })).toHaveAttribute(
      'src',
      'blob:http://localhost/1',
    );
    expect(open).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'View SO2 analyser manual.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/2'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, JSON.parse(String(call.init.body))])).toEqual([
      ['/api/documentById', { pathName: photo.pathName }],
      ['/api/documentById', { pathName: manual.pathName }],
    ]);
    expect(createdUrls[1]!.type).toBe('application/pdf');
  });

  it('deletes a file only after confirming', async () => {
    const { user, api } = renderDialog(withFiles, {
      'DELETE /api/device/documents/5/files/31': () => store({ ...withFiles, files: [photo] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete SO2 analyser manual.pdf' }));
    const question = await screen.findByText(/Remove the file "SO2 analyser manual\.pdf"/);
    const confirm = question.closest<HTMLElement>('[role="dialog"]')!;
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('table', { name: 'Files (1 of at most 50)' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
