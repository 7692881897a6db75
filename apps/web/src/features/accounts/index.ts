// What the accounts feature shares with other features.
export { AccountSelect, type AccountOption } from './account-select';
export { AccountStatusBadge } from './account-status-badge';
export { PartnersEditDialog } from './partners-edit-dialog';
