// What the readings feature shares with other features (the screen itself is loaded by the route table).
export { useMonitored } from './api/get-monitored';
export { readingsKeys } from './api/readings-keys';
export { IndustryFreshness, MonitoringPointFreshness } from './monitored-freshness';
export { deviceReadingsPath, DEVICE_READINGS_PATTERN, type DeviceReadingsState } from './readings-paths';
