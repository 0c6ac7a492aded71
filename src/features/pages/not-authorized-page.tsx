import { PlaceholderPage } from '@/components/placeholder-page';

export default function NotAuthorizedPage() {
  return <PlaceholderPage />;
}
