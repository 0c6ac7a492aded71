export { StatusPage } from './status-page';
export { DemoResetButton } from './demo-reset-button';
