import build from 'fast-json-stringify';
import { z } from 'zod';
import { tenantListItemSchema, pageOf, auditLogRowSchema } from '@vayu/domain';
const s = pageOf(tenantListItemSchema);
const js = z.toJSONSchema(s, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
console.log(JSON.stringify(js).slice(0, 1500));
const f = build(js as never);
console.log(f({ items: [{ id: 1, name: 'x', extra: 'secret', createdAt: '2020' }], page: 1, pageSize: 20, total: 1, totalKind: 'exact', pageCount: 1 }));
