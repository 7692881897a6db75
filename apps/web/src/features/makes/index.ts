// What the makes feature shares with other features.
export { makeKeys, makesQueryOptions, useMakes, useModelsOfMake } from './api';
