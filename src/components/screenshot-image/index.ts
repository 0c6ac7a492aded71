export { ScreenshotImage } from './screenshot-image';
export { screenshotDataUrl, screenshotSvg, type ScreenshotImageData } from './screenshot-svg';
