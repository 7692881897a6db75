export { OfflineRemarkList } from './offline-remark-list';
