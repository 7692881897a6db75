import { AUDIT_ACTIONS, AUDIT_ENTITIES, isAuditAction, isAuditEntity } from '@vayu/domain';
import type { TFunction } from 'i18next';

/** A readable name for an audit action; a name outside the closed list (an older row) is shown as recorded. */
export function getActionLabel(t: TFunction, action: string): string {
  return isAuditAction(action) ? t(`audit.actions.${action}`) : action;
}

/** A readable name for what an audit row is about; a name outside the closed list is shown as recorded. */
export function getEntityLabel(t: TFunction, entity: string): string {
  return isAuditEntity(entity) ? t(`audit.entities.${entity}`) : entity;
}

/** The record kinds, labelled, for a filter. */
export const entityOptions = (t: TFunction) =>
  AUDIT_ENTITIES.map((value) => ({ value, label: getEntityLabel(t, value) }));

/** The actions, labelled, for a filter. */
export const actionOptions = (t: TFunction) =>
  AUDIT_ACTIONS.map((value) => ({ value, label: getActionLabel(t, value) }));
