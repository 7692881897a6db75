import {
  findIndianState,
  type approvalReportResultSchema,
  type approvalStatusSchema,
  type demoDataRecordSchema,
  type demoDataRecordsSchema,
  type tenantApprovalResultSchema,
} from '@vayu/domain';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import type { RequestContext } from '../../auth/principal.js';
import { scopeOf } from '../../auth/scope.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type ApprovalReportRow,
  countTenantsByApproval,
  findApprovalTenant,
  findDemoDataRecords,
  findSiteAdmins,
  findTenantsForApprovalReport,
  insertDemoDataRecord,
  updateApproval,
  updateIsDemo,
} from './approvals.repository.js';

type ApprovalStatus = z.infer<typeof approvalStatusSchema>;
type TenantApprovalResult = z.infer<typeof tenantApprovalResultSchema>;
type ApprovalReportResult = z.infer<typeof approvalReportResultSchema>;
type DemoDataRecord = z.infer<typeof demoDataRecordSchema>;
type DemoDataRecords = z.infer<typeof demoDataRecordsSchema>;

/** A report mail lists at most this many industries; the counts always cover all of them. */
export const APPROVAL_REPORT_MAX_ROWS = 500;
export const APPROVAL_REPORT_SUBJECT = 'Industry approval report';

const REPORT_SECTIONS: { status: ApprovalStatus; title: string }[] = [
  { status: 'PENDING', title: 'Pending approval' },
  { status: 'REJECTED', title: 'Rejected' },
  { status: 'APPROVED', title: 'Approved' },
];

function formatReport(
  rows: ApprovalReportRow[],
  counts: { pending: number; approved: number; rejected: number },
  generatedAt: Date,
): string {
  const total = counts.pending + counts.approved + counts.rejected;
  const lines = [
    `Industry approval report of ${generatedAt.toISOString().slice(0, 10)}`,
    '',
    `Pending: ${counts.pending}   Rejected: ${counts.rejected}   Approved: ${counts.approved}`,
  ];
  for (const section of REPORT_SECTIONS) {
    const inSection = rows.filter((r) => r.approvalStatus === section.status);
    if (inSection.length === 0) continue;
    lines.push('', `${section.title}:`);
    for (const r of inSection) {
      const state = r.stateCode ? (findIndianState(r.stateCode)?.name ?? r.stateCode) : '-';
      lines.push(
        `- ${r.name} | Partner: ${r.partnerName ?? 'None'} | State: ${state} | Created: ${r.createdAt
          .toISOString()
          .slice(0, 10)}`,
      );
    }
  }
  if (total > rows.length) lines.push('', `... and ${total - rows.length} more industries not listed.`);
  return `${lines.join('\n')}\n`;
}

export function createApprovalsService({ db, mailer }: { db: Database; mailer: Mailer }) {
  /** A tenant the principal can see, or 404 (also for accounts that are not industries). */
  async function getVisibleTenant(ctx: RequestContext, tenantId: number, exec: Executor = db, lock = false) {
    const tenant = await findApprovalTenant(exec, scopeOf(ctx.principal), tenantId, { lock });
    if (!tenant || tenant.type !== 'tenant') throw notFound('Industry');
    return tenant;
  }

  return {
    setTenantApproval(
      ctx: RequestContext,
      body: { tenantId: number; approvalStatus: 'APPROVED' | 'REJECTED'; remark: string | null },
    ): Promise<TenantApprovalResult> {
      return db.transaction(async (tx) => {
        const tenant = await getVisibleTenant(ctx, body.tenantId, tx, true);
        const values = { approvalStatus: body.approvalStatus, approvalRemark: body.remark };
        await updateApproval(tx, scopeOf(ctx.principal), tenant.id, values);
        await recordAudit(tx, ctx, {
          entity: 'account',
          entityId: tenant.id,
          action: 'APPROVAL',
          tenantId: tenant.id,
          oldValue: { approvalStatus: tenant.approvalStatus, approvalRemark: tenant.approvalRemark },
          newValue: values,
        });
        return { tenantId: tenant.id, ...values };
      });
    },

    /** Queues one report mail per recipient; by default the platform's admins. */
    mailApprovalReport(
      ctx: RequestContext,
      body: { to?: string[] | undefined },
    ): Promise<ApprovalReportResult> {
      const scope = scopeOf(ctx.principal);
      return db.transaction(async (tx) => {
        const admins = await findSiteAdmins(tx, scope);
        const recipients = body.to?.length
          ? [...new Set(body.to)].map((email) => ({
              email,
              id: admins.find((a) => a.email === email)?.id ?? null,
            }))
          : admins;
        if (recipients.length === 0)
          throw new AppError('NO_RECIPIENTS', 'There is no one to send the approval report to.');
        const byStatus = await countTenantsByApproval(tx, scope);
        const counts = {
          pending: byStatus.PENDING ?? 0,
          approved: byStatus.APPROVED ?? 0,
          rejected: byStatus.REJECTED ?? 0,
        };
        const text = formatReport(
          await findTenantsForApprovalReport(tx, scope, APPROVAL_REPORT_MAX_ROWS),
          counts,
          new Date(),
        );
        for (const recipient of recipients) {
          await mailer.queue(tx, {
            to: recipient.email,
            subject: APPROVAL_REPORT_SUBJECT,
            text,
            kind: 'APPROVAL_REPORT',
            userId: recipient.id,
          });
        }
        const result = { sentTo: recipients.map((r) => r.email), ...counts };
        await recordAudit(tx, ctx, {
          entity: 'approval_report',
          entityId: null,
          action: 'MAIL',
          tenantId: null,
          oldValue: null,
          newValue: result,
        });
        return result;
      });
    },

    setDemoData(
      ctx: RequestContext,
      body: {
        tenantId: number;
        isDemo: boolean;
        validTill?: string | null | undefined;
        remark: string | null;
      },
    ): Promise<DemoDataRecord> {
      return db.transaction(async (tx) => {
        const tenant = await getVisibleTenant(ctx, body.tenantId, tx, true);
        const row = await insertDemoDataRecord(tx, {
          tenantId: tenant.id,
          isDemo: body.isDemo,
          validTill: body.validTill ? new Date(body.validTill) : null,
          remark: body.remark,
          createdBy: ctx.principal.userId,
        });
        await updateIsDemo(tx, scopeOf(ctx.principal), tenant.id, body.isDemo);
        const record: DemoDataRecord = {
          id: row.id,
          tenantId: row.tenantId,
          isDemo: row.isDemo,
          validTill: row.validTill?.toISOString() ?? null,
          remark: row.remark,
          createdBy: ctx.principal.userName,
          createdAt: row.createdAt.toISOString(),
        };
        await recordAudit(tx, ctx, {
          entity: 'account',
          entityId: tenant.id,
          action: 'DEMO_DATA',
          tenantId: tenant.id,
          oldValue: { isDemo: tenant.isDemo },
          newValue: {
            isDemo: record.isDemo,
            validTill: record.validTill,
            remark: record.remark,
            recordId: row.id,
          },
        });
        return record;
      });
    },

    async getDemoDataRecords(ctx: RequestContext, tenantId: number): Promise<DemoDataRecords> {
      const tenant = await getVisibleTenant(ctx, tenantId);
      return {
        tenantId: tenant.id,
        isDemo: tenant.isDemo,
        records: await findDemoDataRecords(db, scopeOf(ctx.principal), tenant.id),
      };
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
