import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import {
  REPORT_FREQUENCIES,
  REPORT_MAX_PARAMETERS,
  REPORT_MAX_RECIPIENTS,
  REPORT_RESOLUTIONS,
  REPORT_STATUSES,
} from '@vayu/domain';
import { accounts } from './accounts.js';
import { monitoringPoints } from './devices.js';
import { users } from './users.js';
import { oneOf } from './checks.js';

/**
 * Reports (modules/reports): schedules that make a report every day, week or
 * month, and the reports themselves — asked for by a person or made by a
 * schedule — with their state, progress and the keys of their files in the
 * file store (docs/decisions/0018-reports.md).
 */

const MAX_PARAMETERS = sql.raw(String(REPORT_MAX_PARAMETERS));
const MAX_RECIPIENTS = sql.raw(String(REPORT_MAX_RECIPIENTS));

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    monitoringPointId: integer('monitoring_point_id')
      .notNull()
      .references(() => monitoringPoints.id),
    parameterIds: integer('parameter_ids').array().notNull(),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }).notNull(),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    /** Lower-case e-mails, one to ten. */
    recipients: text('recipients').array().notNull(),
    /** When it is due next; the minute job takes due schedules and moves this on in the same transaction. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('report_schedules_resolution_ck', t.resolution, REPORT_RESOLUTIONS),
    oneOf('report_schedules_frequency_ck', t.frequency, REPORT_FREQUENCIES),
    check(
      'report_schedules_parameters_ck',
      sql`cardinality(${t.parameterIds}) BETWEEN 1 AND ${MAX_PARAMETERS}`,
    ),
    check(
      'report_schedules_recipients_ck',
      sql`cardinality(${t.recipients}) BETWEEN 1 AND ${MAX_RECIPIENTS}`,
    ),
    // The minute job's look for due schedules.
    index('report_schedules_next_run_idx').on(t.nextRunAt),
    // A list by industry, and every industry's newest first.
    index('report_schedules_tenant_idx').on(t.tenantId, t.id),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => accounts.id),
    monitoringPointId: integer('monitoring_point_id')
      .notNull()
      .references(() => monitoringPoints.id),
    parameterIds: integer('parameter_ids').array().notNull(),
    /** India days, both included. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }).notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('QUEUED'),
    progress: smallint('progress').notNull().default(0),
    /** Why the last try failed. */
    error: text('error'),
    csvKey: text('csv_key'),
    pdfKey: text('pdf_key'),
    rowCount: integer('row_count'),
    /** Mailed when the report is made (a schedule's recipients, or those asked for while it was being made). */
    mailTo: text('mail_to')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null for a report a schedule made. */
    requestedBy: integer('requested_by').references(() => users.id),
    scheduleId: integer('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('reports_resolution_ck', t.resolution, REPORT_RESOLUTIONS),
    oneOf('reports_status_ck', t.status, REPORT_STATUSES),
    check('reports_progress_ck', sql`${t.progress} BETWEEN 0 AND 100`),
    check('reports_range_ck', sql`${t.toDate} >= ${t.fromDate}`),
    check('reports_parameters_ck', sql`cardinality(${t.parameterIds}) BETWEEN 1 AND ${MAX_PARAMETERS}`),
    // The lists' order with its tiebreak (read backwards for newest first): across the industries
    // one sees, and for one industry.
    index('reports_created_idx').on(t.createdAt, t.id),
    index('reports_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('reports_schedule_idx').on(t.scheduleId),
  ],
);
