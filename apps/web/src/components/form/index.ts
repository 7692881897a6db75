export { EmailField } from './email-field';
export { buildFieldRules, EMAIL_PATTERN, type FieldRuleProps } from './field-rules';
export { NumberField, type NumberFieldProps } from './number-field';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { TextField, type TextFieldProps } from './text-field';
export { useFieldErrorMessage } from './use-field-error';
export { SelectField, type SelectFieldProps } from './select-field';
export { SwitchField, type SwitchFieldProps } from './switch-field';
export {
  applyServerError,
  handleSaveError,
  describeFieldError,
  type ServerErrorMapping,
  type ServerErrorOutcome,
} from './server-errors';
export { StaleVersionAlert, type StaleVersionAlertProps } from './stale-version-alert';
export { GeneratedIdentifiers, type GeneratedIdentifier } from './generated-identifiers';
export { RecordFormFrame } from './record-form-frame';
