export { ReportsPage } from './reports-page';
export { StatutoryReportsPage } from './statutory-reports-page';
