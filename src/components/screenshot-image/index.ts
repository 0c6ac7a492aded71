export { ScreenshotImage } from './screenshot-image';
