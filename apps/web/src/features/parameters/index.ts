// What the parameter catalogue shares with other features.
export { getParameter } from './api/get-parameter';
export { useParameters, parametersQueryOptions, BASE_PARAMETER_QUERY } from './api/get-parameters';
export { useUnits, unitsQueryOptions, type UnitOption } from './api/get-units';
export { parameterKeys, type ParameterListQuery } from './api/parameter-keys';
export { mtypeLabel, mtypeOptions } from './parameter-labels';
export { ParameterForm } from './parameter-form';
