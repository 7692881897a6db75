import type { ReportFrequency, ReportResolution } from '@vayu/domain';
import type { Executor } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { RESOLUTION_LABELS, formatReportDay } from './report-files.js';

/** What a report mail says of its report. */
export interface MailedReport {
  id: number;
  tenantName: string;
  monitoringPointName: string;
  parameterLabels: readonly string[];
  from: string;
  to: string;
  resolution: ReportResolution;
  /** The schedule's frequency when a schedule made it. */
  frequency: ReportFrequency | null;
}

const FREQUENCY_WORDS: Record<ReportFrequency, string> = {
  DAILY: 'daily',
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
};

/**
 * A report's mail: plain text naming the report, its period and where to
 * download its PDF and CSV in the console (signed in, as someone who sees
 * the industry). Files are not attached: a report stays behind the console's
 * access rules.
 */
export function reportMail(report: MailedReport, publicUrl: string): { subject: string; text: string } {
  const period =
    report.from === report.to
      ? formatReportDay(report.from)
      : `${formatReportDay(report.from)} to ${formatReportDay(report.to)}`;
  const download = (format: 'pdf' | 'csv') =>
    `${publicUrl}/api/downloadReports?id=${report.id}&format=${format}`;
  const opening = report.frequency
    ? `The ${FREQUENCY_WORDS[report.frequency]} report of ${report.tenantName} is ready.`
    : `A report of ${report.tenantName} is ready.`;
  return {
    subject: `Vayu report: ${report.tenantName}, ${report.monitoringPointName}, ${period}`,
    text: [
      opening,
      '',
      `Report no.: ${report.id}`,
      `Industry: ${report.tenantName}`,
      `Monitoring point: ${report.monitoringPointName}`,
      `Parameters: ${report.parameterLabels.join(', ')}`,
      `Period: ${period} (India time)`,
      `Resolution: ${RESOLUTION_LABELS[report.resolution]}`,
      '',
      'Download it from the Vayu console (sign in first):',
      `PDF: ${download('pdf')}`,
      `CSV: ${download('csv')}`,
      `All reports: ${publicUrl}/reports`,
    ].join('\n'),
  };
}

/** Queues the report's mail to each recipient, in the caller's transaction. */
export async function queueReportMails(
  tx: Executor,
  mailer: Mailer,
  report: MailedReport,
  recipients: readonly string[],
  publicUrl: string,
) {
  const { subject, text } = reportMail(report, publicUrl);
  for (const to of recipients) await mailer.queue(tx, { to, kind: 'REPORT', subject, text });
}
