export { CamerasSection } from './cameras-section';
export { translatedResolver } from './translated-resolver';
