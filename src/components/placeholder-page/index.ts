export { PlaceholderPage } from './placeholder-page';
