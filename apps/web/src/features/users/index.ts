// What the users feature shares with other features.
export { UserAddDialog } from './users-add-dialog';
