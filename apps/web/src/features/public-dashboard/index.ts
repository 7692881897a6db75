export { PublicDashboardPage } from './public-dashboard-page';
export { PublicApiDetailsPage } from './public-api-details-page';
export { PublicDashboardSettingsPage } from './public-dashboard-settings-page';
