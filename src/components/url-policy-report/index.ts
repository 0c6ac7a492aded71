export { UrlPolicyReport } from './url-policy-report';
