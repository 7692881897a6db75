import { and, sql } from 'drizzle-orm';
import type { ParameterExportQuery } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import { parameters } from '../../db/schema/index.js';
import { type CsvExport, type ExportBatch, formatIstDateTime, humanize } from '../../lib/csv-export.js';
import { parameterListCondition } from './parameters.repository.js';

/** The list's order: lower(label), then id. */
const KEYS = [
  { expression: sql`lower(${parameters.label})`, direction: 'asc', type: 'text' },
  { expression: parameters.id, direction: 'asc', type: 'integer' },
] as const;

function selectBatch(exec: Executor, query: ParameterExportQuery) {
  const where = parameterListCondition({
    search: query.search || undefined,
    type: query.type,
    mtype: query.mtype,
  });
  return (batch: ExportBatch) =>
    exec
      .select({
        id: parameters.id,
        label: parameters.label,
        name: parameters.name,
        mtype: parameters.mtype,
        type: parameters.type,
        paramKey: parameters.paramKey,
        stdUnit: parameters.stdUnit,
        alertLabel: parameters.alertLabel,
        metricAgg: parameters.metricAgg,
        isAlertEnabled: parameters.isAlertEnabled,
        isCounter: parameters.isCounter,
        isConversion: parameters.isConversion,
        showWidget: parameters.showWidget,
        status: parameters.status,
        createdAt: parameters.createdAt,
        ...batch.cursor,
      })
      .from(parameters)
      .where(and(where, batch.after))
      .orderBy(...batch.orderBy)
      .limit(batch.limit);
}

type ParameterExportRow = Awaited<ReturnType<ReturnType<typeof selectBatch>>>[number];

/** `GET /api/parameters/export`: the catalogue's rows for the same filters (master data every signed-in user reads). */
export function parametersExport(exec: Executor, query: ParameterExportQuery): CsvExport<ParameterExportRow> {
  return {
    name: 'parameters',
    keys: KEYS,
    readBatch: selectBatch(exec, query),
    columns: [
      { header: 'ID', value: (r) => r.id },
      { header: 'Label', value: (r) => r.label },
      { header: 'Name', value: (r) => r.name },
      { header: 'Monitoring type', value: (r) => humanize(r.mtype) },
      { header: 'Type', value: (r) => humanize(r.type) },
      { header: 'Key', value: (r) => r.paramKey },
      { header: 'Standard unit', value: (r) => r.stdUnit },
      { header: 'Alert label', value: (r) => r.alertLabel },
      { header: 'Aggregation', value: (r) => r.metricAgg },
      { header: 'Alerts', value: (r) => r.isAlertEnabled },
      { header: 'Counter', value: (r) => r.isCounter },
      { header: 'Unit conversion', value: (r) => r.isConversion },
      { header: 'Widget', value: (r) => r.showWidget },
      { header: 'Status', value: (r) => humanize(r.status) },
      { header: 'Created (IST)', value: (r) => formatIstDateTime(r.createdAt) },
    ],
  };
}
