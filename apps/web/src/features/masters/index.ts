// What the masters feature shares with other features.
export { useCorporates } from './api/get-corporates';
