import { PlaceholderPage } from '@/components/placeholder-page';

export default function UrlRestrictionsPage() {
  return <PlaceholderPage />;
}
