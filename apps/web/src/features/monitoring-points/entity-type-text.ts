import { ENTITY_TYPES, findEntityType, type EntityProp } from '@vayu/domain';
import type { TFunction } from 'i18next';

/** An entity type's name in the user's language (the catalogue's English label for a type not translated). */
export function entityTypeLabel(t: TFunction, key: string): string {
  return t(`devices.entityTypes.${key}`, { defaultValue: findEntityType(key)?.label ?? key });
}

/** A property's name in the user's language. */
export function entityPropName(t: TFunction, prop: EntityProp): string {
  return t(`devices.entityProps.${prop.key}`, { defaultValue: prop.label });
}

/** A property's field label, with its unit: "Stack height (m)". */
export function entityPropLabel(t: TFunction, prop: EntityProp): string {
  const name = entityPropName(t, prop);
  return prop.unit ? `${name} (${prop.unit})` : name;
}

/** The entity types as select options, in the catalogue's order. */
export function entityTypeOptions(t: TFunction): { value: string; label: string }[] {
  return ENTITY_TYPES.map((type) => ({ value: type.key, label: entityTypeLabel(t, type.key) }));
}
