export { MonitoringPointsSection } from './monitoring-points-section';
export { monitoringPointKeys } from './api';
