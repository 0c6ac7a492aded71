export { StatusPage, type StatusPageProps } from './status-page';
