export { ParameterPicker, type ParameterPickerProps, type PickedParameter } from './parameter-picker';
export { parameterSearchKey, searchParameters, useParameterSearch } from './search-parameters';
