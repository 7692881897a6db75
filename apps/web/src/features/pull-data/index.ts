export { PullDataPage } from './pull-data-page';
