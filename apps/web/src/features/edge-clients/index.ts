export { EdgeClientList } from './edge-client-list';
