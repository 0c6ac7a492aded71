export { StatusPage, type StatusPageProps } from './status-page';
export { DemoResetButton, isDemoMode } from './demo-reset-button';
