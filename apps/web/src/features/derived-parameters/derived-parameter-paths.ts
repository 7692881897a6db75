/** Where the derived parameter screens live (spec §2). */
export const DERIVED_PARAMETER_LIST_PATH = '/derived-param-list';

/** The add form, or the edit form of one derived parameter (`/add-derived-param?id={id}`). */
export const derivedParameterFormPath = (id?: number) =>
  id === undefined ? '/add-derived-param' : `/add-derived-param?id=${id}`;
