import type { Alert, AlertLimit, Page } from '@vayu/domain';

/** An open exceedance of SO2 at a kiln stack's analyser, not acknowledged. */
export function buildAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 41,
    type: 'EXCEEDANCE',
    tenantId: 5,
    tenantName: 'Deccan Cement Works',
    monitoringPointId: 8,
    monitoringPointName: 'Kiln Stack',
    deviceId: 12,
    deviceName: 'Kiln Gas Analyser',
    parameterId: 3,
    parameterLabel: 'SO2',
    unit: 'mg/Nm3',
    limit: 100,
    firstValue: 130,
    peakValue: 1250.5,
    lastValue: 120,
    provenance: ['measured', 'substituted'],
    startedAt: '2026-11-27T04:45:00.000Z',
    endedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  };
}

/** A silent device's alert, closed when its data came back. */
export function buildOfflineAlert(overrides: Partial<Alert> = {}): Alert {
  return buildAlert({
    id: 42,
    type: 'OFFLINE',
    deviceName: 'Effluent Analyser',
    monitoringPointName: 'ETP Outlet',
    parameterId: null,
    parameterLabel: null,
    unit: null,
    limit: null,
    firstValue: null,
    peakValue: null,
    lastValue: null,
    provenance: [],
    startedAt: '2026-11-26T20:00:00.000Z',
    endedAt: '2026-11-27T02:30:00.000Z',
    ...overrides,
  });
}

export function pageOfAlerts(items: Alert[], overrides: Partial<Page<Alert>> = {}): Page<Alert> {
  return {
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    totalKind: 'exact',
    pageCount: Math.max(1, Math.ceil(items.length / 20)),
    ...overrides,
  };
}

/** SO2 at the kiln stack: the board's standard of 100 mg/Nm³ in force, never changed. */
export function buildLimit(overrides: Partial<AlertLimit> = {}): AlertLimit {
  return {
    tenantId: 5,
    monitoringPointId: 8,
    monitoringPointName: 'Kiln Stack',
    parameterId: 3,
    parameterLabel: 'SO2',
    alertLabel: 'Sulphur Dioxide',
    unit: 'mg/Nm3',
    standardLimit: 100,
    customLimit: null,
    limit: 100,
    enabled: true,
    version: 0,
    ...overrides,
  };
}
