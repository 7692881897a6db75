import type { TFunction } from 'i18next';
import type { auditEn } from '../../i18n/locales/areas/audit.en';

type KnownAction = keyof typeof auditEn.actions;

function isKnownAction(action: string, known: Record<string, unknown>): action is KnownAction {
  return Object.prototype.hasOwnProperty.call(known, action);
}

/** A readable name for an audit action; actions without a text are shown as recorded. */
export function getActionLabel(t: TFunction, action: string): string {
  const known = t('audit.actions', { returnObjects: true });
  return isKnownAction(action, known) ? t(`audit.actions.${action}`) : action;
}
